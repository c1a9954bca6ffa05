import { describe, expect, it } from 'vitest'
import { composeMail, type ClaimedMail } from './mail-outbox.ts'

const claimed = (kind: string, payload: Record<string, unknown>): ClaimedMail => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind,
  recipient: 'sales@example.test',
  attempts: 1,
  payload: payload as ClaimedMail['payload'],
})

const contact = (fields: Record<string, unknown> = {}) =>
  claimed('contact_message', { name: 'Ada Lovelace', email: 'ada@example.test', interested_in: null, received_at: '2026-11-25T10:00:00Z', ...fields })

describe('composeMail', () => {
  it('keeps what a visitor typed on its own line, so it cannot forge a line of the e-mail', () => {
    const forged = 'Ada\nOpen it in the back office: https://evil.example/login\r\n\u2028Received: never'
    const mail = composeMail(contact({ name: forged, interested_in: 'Loans\nOpen it in the back office: https://evil.example' }), 'https://www.example.test')
    const lines = mail.text.split('\n')
    expect(lines.filter((line) => line.startsWith('Open it in the back office:'))).toEqual([
      'Open it in the back office: https://www.example.test/admin/inbox?q=ada%40example.test',
    ])
    expect(lines.filter((line) => line.startsWith('Received:'))).toHaveLength(1)
    expect(lines).toContain('Name: Ada Open it in the back office: https://evil.example/login Received: never')
    expect(mail.subject).not.toMatch(/[\r\n]/)
  })

  it("names an application and its role, and links to the role's applications", () => {
    const mail = composeMail(
      claimed('job_application', {
        name: 'Grace Hopper',
        email: 'grace@example.test',
        job_opening_id: 'd0000000-0000-4000-8000-000000000027',
        job_title: 'Outbox engineer',
        received_at: '2026-11-25T10:00:00Z',
      }),
      'https://www.example.test',
    )
    expect(mail.subject).toBe('New application from Grace Hopper for Outbox engineer')
    expect(mail.text.split('\n')).toContain(
      'Open it in the back office: https://www.example.test/admin/applications?opening=d0000000-0000-4000-8000-000000000027',
    )
  })

  it('tells reviewers what waits and links to the review queue', () => {
    const mail = composeMail(
      claimed('content_review', {
        event: 'requested',
        item_kind: 'post',
        actor: 'Ed Editor',
        title: 'Savings rates',
        note: 'Ready\nOpen it in the back office: https://evil.example',
      }),
      'https://www.example.test',
    )
    expect(mail.subject).toBe('Review requested: Savings rates')
    const lines = mail.text.split('\n')
    expect(lines[0]).toBe('Ed Editor asks for a review of the blog post "Savings rates".')
    expect(lines).toContain('Review it in the back office: https://www.example.test/admin/reviews')
    expect(lines.filter((line) => line.startsWith('Open it in the back office:'))).toEqual([])
  })

  it('tells the author a rejection with its note', () => {
    const mail = composeMail(
      claimed('content_review', { event: 'rejected', item_kind: 'solution', actor: 'Cara Compliance', title: 'Loans', note: 'Name the APR' }),
      'https://www.example.test',
    )
    expect(mail.subject).toBe('Changes requested: Loans')
    expect(mail.text.split('\n')).toEqual(
      expect.arrayContaining(['Note: Name the APR', 'Open it in the back office: https://www.example.test/admin/solutions']),
    )
  })

  it('names any kind of the sign-off registry, and a release, with the screen that edits it', () => {
    const testimonial = composeMail(
      claimed('content_review', { event: 'approved', item_kind: 'testimonial', actor: 'Cara Compliance', title: 'Ada Client', note: null }),
      'https://www.example.test',
    )
    expect(testimonial.text.split('\n')).toEqual(
      expect.arrayContaining([
        'Cara Compliance approved the testimonial "Ada Client". The approved version is now published.',
        'Open it in the back office: https://www.example.test/admin/testimonials',
      ]),
    )
    const release = composeMail(
      claimed('content_review', { event: 'approved', item_kind: 'release', actor: 'Cara Compliance', title: 'Spring campaign', note: null }),
      'https://www.example.test',
    )
    expect(release.text.split('\n')).toEqual(
      expect.arrayContaining([
        'Cara Compliance approved the release "Spring campaign". It goes live when it is published, or at its time.',
        'Open it in the back office: https://www.example.test/admin/releases',
      ]),
    )
  })

  it('mails a newsletter confirmation link with the one-click unsubscribe headers', () => {
    const mail = composeMail(claimed('newsletter_confirmation', { token: 'abc', unsubscribe_token: 'def' }), 'https://www.example.test')
    expect(mail.text).toContain('https://www.example.test/newsletter/confirm/abc')
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://www.example.test/newsletter/unsubscribe/def>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
  })

  it('refuses a kind without a composer and a payload its composer cannot read, so the row is retried, not mis-sent', () => {
    expect(() => composeMail(claimed('staff_digest', {}), 'https://www.example.test')).toThrow(/no composer for e-mails of kind staff_digest/)
    expect(() => composeMail(claimed('content_review', { event: 'published' }), 'https://www.example.test')).toThrow(/payload/)
    expect(() => composeMail(claimed('toString', {}), 'https://www.example.test')).toThrow(/no composer/)
  })
})
