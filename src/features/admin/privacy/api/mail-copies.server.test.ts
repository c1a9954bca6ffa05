import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { afterEach, describe, expect, it } from 'vitest'
import { mailNamesAddress, removeMailCopies } from './mail-copies.server'

/** A message as the web server and the local backend write it (nodemailer's stream transport). */
async function eml(mail: { to: string; subject: string; text: string; html?: string }): Promise<string> {
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const info = await writer.sendMail({ from: 'Site <no-reply@localhost>', ...mail })
  return (info.message as Buffer).toString('utf8')
}

describe('mailNamesAddress', () => {
  it('finds the address as the recipient, in the text and percent-encoded in a link, whatever its case', async () => {
    expect(
      await eml({ to: 'Vera.Victim@corp.example', subject: 'Confirm', text: 'Open the link.' }).then((raw) =>
        mailNamesAddress(raw, 'vera.victim@corp.example'),
      ),
    ).toBe(true)
    const lead = await eml({
      to: 'sales@company.example',
      subject: 'New contact message from Zoë Ünicode-Name 名前',
      text: `Zoë sent a message.\n\nE-mail: vera.victim@corp.example\n\nOpen it: https://site.example/admin/inbox?q=${encodeURIComponent('Vera.Victim@corp.example')}\n`,
    })
    expect(mailNamesAddress(lead, ' VERA.victim@corp.example ')).toBe(true)
    const linkOnly = await eml({
      to: 'sales@company.example',
      subject: 'New',
      text: `https://site.example/admin/inbox?q=${encodeURIComponent('vera.victim@corp.example')}&x=1\n`,
    })
    expect(mailNamesAddress(linkOnly, 'vera.victim@corp.example')).toBe(true)
  })

  it('reads base64 and quoted-printable bodies', async () => {
    // Mostly non-ASCII text: nodemailer picks base64.
    const base64 = await eml({ to: 'sales@company.example', subject: 'x', text: `${'日本語のテキスト'.repeat(20)}\nE-mail: vera.victim@corp.example\n` })
    expect(base64).toMatch(/Content-Transfer-Encoding: base64/i)
    expect(mailNamesAddress(base64, 'vera.victim@corp.example')).toBe(true)
    const html = await eml({
      to: 'staff@company.example',
      subject: 'x',
      text: 'plain',
      html: `<p>Write to <a href="mailto:vera.victim@corp.example">her</a> ${'é'.repeat(90)}</p>`,
    })
    expect(mailNamesAddress(html, 'vera.victim@corp.example')).toBe(true)
  })

  it('does not take a longer address, or one that contains it, for the person', async () => {
    const other = await eml({
      to: 'press.vera.victim@corp.example',
      subject: 'Confirm',
      text: 'Reply to press.vera.victim@corp.example.sub or vera.victim@corp.example.org\n',
    })
    expect(mailNamesAddress(other, 'vera.victim@corp.example')).toBe(false)
  })
})

describe('removeMailCopies', () => {
  let dir: string | undefined
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('removes exactly the copies that name the address, and tolerates a missing folder', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mail-copies-'))
    await writeFile(path.join(dir, 'a.eml'), await eml({ to: 'vera.victim@corp.example', subject: 'Confirm', text: 'x' }))
    await writeFile(path.join(dir, 'b.eml'), await eml({ to: 'press.vera.victim@corp.example', subject: 'Confirm', text: 'x' }))
    await writeFile(path.join(dir, 'notes.txt'), 'vera.victim@corp.example')
    expect(await removeMailCopies(dir, 'Vera.Victim@corp.example')).toBe(1)
    expect((await readdir(dir)).sort()).toEqual(['b.eml', 'notes.txt'])
    expect(await removeMailCopies(path.join(dir, 'missing'), 'vera.victim@corp.example')).toBe(0)
  })
})
