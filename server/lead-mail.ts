// The e-mails to staff, composed from what claim_mail() returns (mail-outbox.ts queues and sends
// them): one about each new lead, to the sales or careers address, and one about each content
// review event, to the reviewers or the author. A lead's e-mail names the lead and links to it in
// the back office; it carries no CV and no message text (those stay behind the back office's
// sign-in). What a visitor or staff member typed never leaves its own line.
import { z } from 'zod'
import { kindLabel, kindScreen } from '../src/entities/content-review.ts'
import { composer, type Mail } from './mail-composer.ts'

/** Line breaks of any kind (and other control characters) in what a visitor typed. */
// eslint-disable-next-line no-control-regex -- control characters are the point
const BREAKS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g

/** Typed text on one line, so it cannot start a line of its own ("Open it in the back office: …"). */
function oneLine(text: string | null | undefined): string {
  return (text ?? '').replace(BREAKS, ' ').trim()
}

const text = z.string().nullish()

function mail(to: string, subject: string, lines: string[]): Mail {
  return { to, subject: oneLine(subject), text: `${lines.join('\n')}\n` }
}

const receivedAt = (at: string | null | undefined) => new Date(at ?? Date.now()).toUTCString()

export const contactMessageMail = composer(z.object({ name: text, email: text, interested_in: text, received_at: text }), (payload, to, siteOrigin) => {
  const name = oneLine(payload.name)
  const email = oneLine(payload.email)
  const topic = oneLine(payload.interested_in)
  return mail(to, `New contact message from ${name}`, [
    `${name} sent a contact message.`,
    '',
    `Name: ${name}`,
    `E-mail: ${email}`,
    ...(topic ? [`Interested in: ${topic}`] : []),
    `Received: ${receivedAt(payload.received_at)}`,
    '',
    `Open it in the back office: ${siteOrigin}/admin/inbox?q=${encodeURIComponent(email)}`,
  ])
})

export const jobApplicationMail = composer(
  z.object({ name: text, email: text, job_opening_id: text, job_title: text, received_at: text }),
  (payload, to, siteOrigin) => {
    const name = oneLine(payload.name)
    const role = oneLine(payload.job_title)
    const forRole = role ? ` for ${role}` : ''
    const opening = payload.job_opening_id ? `?opening=${encodeURIComponent(payload.job_opening_id)}` : ''
    return mail(to, `New application from ${name}${forRole}`, [
      `${name} applied${forRole}.`,
      '',
      `Name: ${name}`,
      `E-mail: ${oneLine(payload.email)}`,
      `Received: ${receivedAt(payload.received_at)}`,
      '',
      `Open it in the back office: ${siteOrigin}/admin/applications${opening}`,
    ])
  },
)

/** To reviewers when a review is asked for, to the author when it is decided. */
export const contentReviewMail = composer(
  z.object({ event: z.enum(['requested', 'approved', 'rejected']), item_kind: text, title: text, actor: text, note: text }),
  (payload, to, siteOrigin) => {
    const actor = oneLine(payload.actor) || 'A staff member'
    const title = oneLine(payload.title)
    const note = oneLine(payload.note)
    const kind = payload.item_kind ?? 'post'
    const release = kind === 'release'
    const what = kindLabel(kind).toLowerCase()
    const list = `${siteOrigin}${kindScreen(kind)}`
    const noted = note ? ['', `Note: ${note}`] : []
    switch (payload.event) {
      case 'requested':
        return mail(to, `Review requested: ${title}`, [
          `${actor} asks for a review of the ${what} "${title}".`,
          ...noted,
          '',
          `Review it in the back office: ${siteOrigin}/admin/reviews`,
        ])
      case 'approved':
        return mail(to, `Approved: ${title}`, [
          release
            ? `${actor} approved the release "${title}". It goes live when it is published, or at its time.`
            : `${actor} approved the ${what} "${title}". The approved version is now published.`,
          ...noted,
          '',
          `Open it in the back office: ${list}`,
        ])
      case 'rejected':
        return mail(to, `Changes requested: ${title}`, [
          `${actor} asked for changes to the ${what} "${title}". It stays unpublished.`,
          ...noted,
          '',
          `Open it in the back office: ${list}`,
        ])
    }
  },
)
