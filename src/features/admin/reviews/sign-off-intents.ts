// The writes every screen of a reviewable kind shares: Request review and Add to release; and, for
// a kind written through crudIntents, its create and update while publishing needs approval, which
// go through save_change (a new item waits hidden, a visible edit of a live one waits as its pending
// change). The route composes them with its own intents.
import { reviewMessages as m, type ItemKind } from '~/entities/content-review'
import { attempt, crudIntents, type CrudApi, type CrudEntity, type Intent } from '../lib/admin-action'
import { addToRelease } from './api/releases'
import type { Db } from '~/lib/supabase'
import { requestReview, saveForReview } from './api/reviews'

/** Request review and Add to release of an item of `kind` (body.id; body.release for the release). */
export function signOffActions(kind: ItemKind): Record<'requestReview' | 'addToRelease', Intent> {
  return {
    requestReview: (db, body) => attempt(() => requestReview(db, kind, String(body.id), null), m.requestFailed, m.requested),
    addToRelease: (db, body) => attempt(() => addToRelease(db, String(body.release), kind, String(body.id)), m.addFailed, m.added),
  }
}

/** `approvalRequired` reads the setting at each save, so a save decides by the setting as it is then. */
export function signOffIntents<Values>(
  kind: ItemKind,
  entity: CrudEntity<Values>,
  api: CrudApi<Values>,
  approvalRequired: (db: Db) => Promise<boolean>,
): Record<'create' | 'update' | 'delete' | 'requestReview' | 'addToRelease', Intent> {
  const direct = crudIntents(entity, api)
  const forReview = crudIntents(
    { ...entity, messages: { ...entity.messages, created: m.savedForReview, updated: m.savedForReview }, toast: undefined },
    {
      create: async (db, values) => (await saveForReview(db, kind, null, values as object)).id,
      update: async (db, id, values, version) => (await saveForReview(db, kind, id, values as object, version)).version,
      remove: api.remove,
    },
  )
  return {
    ...direct,
    create: async (db, body) => ((await approvalRequired(db)) ? forReview.create : direct.create)(db, body),
    update: async (db, body) => ((await approvalRequired(db)) ? forReview.update : direct.update)(db, body),
    ...signOffActions(kind),
  }
}
