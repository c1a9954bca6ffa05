import { describe, expect, it } from 'vitest'
import { composeLeadMail } from './lead-mail.ts'

type Claimed = Parameters<typeof composeLeadMail>[0]

const claimed = (fields: Partial<Claimed>): Claimed => ({
  id: '00000000-0000-4000-8000-000000000001',
  lead_id: '00000000-0000-4000-8000-000000000002',
  kind: 'contact_message',
  recipient: 'sales@example.test',
  lead_name: 'Ada Lovelace',
  lead_email: 'ada@example.test',
  topic: '',
  job_opening_id: '',
  received_at: '2026-11-25T10:00:00Z',
  attempts: 1,
  review_event: '',
  review_kind: '',
  review_note: '',
  ...fields,
})

describe('composeLeadMail', () => {
  it('keeps what a visitor typed on its own line, so it cannot forge a line of the e-mail', async () => {
    const forged = 'Ada\nOpen it in the back office: https://evil.example/login\r\n\u2028Received: never'
    const mail = composeLeadMail(claimed({ lead_name: forged, topic: 'Loans\nOpen it in the back office: https://evil.example' }), 'https://www.example.test')
    const lines = mail.text.split('\n')
    expect(lines.filter((line) => line.startsWith('Open it in the back office:'))).toEqual([
      'Open it in the back office: https://www.example.test/admin/inbox?q=ada%40example.test',
    ])
    expect(lines.filter((line) => line.startsWith('Received:'))).toHaveLength(1)
    expect(lines).toContain('Name: Ada Open it in the back office: https://evil.example/login Received: never')
    expect(mail.subject).not.toMatch(/[\r\n]/)
  })

  it('tells reviewers what waits and links to the review queue', () => {
    const mail = composeLeadMail(
      claimed({
        kind: 'content_review',
        review_event: 'requested',
        review_kind: 'post',
        lead_name: 'Ed Editor',
        topic: 'Savings rates',
        review_note: 'Ready\nOpen it in the back office: https://evil.example',
      }),
      'https://www.example.test',
    )
    expect(mail.subject).toBe('Review requested: Savings rates')
    const lines = mail.text.split('\n')
    expect(lines[0]).toBe('Ed Editor asks for a review of the post "Savings rates".')
    expect(lines).toContain('Review it in the back office: https://www.example.test/admin/reviews')
    expect(lines.filter((line) => line.startsWith('Open it in the back office:'))).toEqual([])
  })

  it('tells the author a rejection with its note', () => {
    const mail = composeLeadMail(
      claimed({
        kind: 'content_review',
        review_event: 'rejected',
        review_kind: 'solution',
        lead_name: 'Cara Compliance',
        topic: 'Loans',
        review_note: 'Name the APR',
      }),
      'https://www.example.test',
    )
    expect(mail.subject).toBe('Changes requested: Loans')
    expect(mail.text.split('\n')).toEqual(
      expect.arrayContaining(['Note: Name the APR', 'Open it in the back office: https://www.example.test/admin/solutions']),
    )
  })
})
