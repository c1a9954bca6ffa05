// POST /admin/api/personal-data/erase: the Personal Data screen's erasure. The caller's own access
// token goes with the request; the database checks it holds privacy.manage and erases the rows and
// log entries; then the server removes the person's CV files with the secret key (which stays
// in this process) and the local copies of e-mails that name them.
import { z } from '~/lib/schemas'
import { privacyMessages as text } from '~/entities/personal-data'
import { serviceAction } from '~/features/admin/lib/service-action.server'
import { erasePersonalDataAsServer } from '~/features/admin/privacy/api/personal-data-erase.server'
import { mailCopiesDir } from '~/lib/env.server'

export const action = serviceAction({
  permission: 'privacy.manage',
  body: z.object({ email: z.string().trim().min(1).max(320) }),
  messages: {
    unavailable: 'Erasing personal data is not set up on this server',
    refused: text.eraseRefused,
    invalid: text.invalidAddress,
    failed: text.eraseFailed,
  },
  run: async ({ body, callerDb, service }) => {
    await erasePersonalDataAsServer(callerDb, service, body.email, mailCopiesDir())
    return { ok: true, toast: { kind: 'success', message: text.erased } }
  },
})
