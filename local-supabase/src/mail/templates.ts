// Supabase's auth e-mail templates, read where the Supabase CLI reads them (supabase/config.toml,
// [auth.email.template.<kind>] subject and content_path), filled in with the variables GoTrue offers.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { parse } from 'smol-toml'
import { repoRoot } from '../bootstrap.ts'

export type TemplateKind = 'invite' | 'recovery' | 'reauthentication' | 'magic_link' | 'confirmation' | 'email_change'

export interface TemplateVariables {
  ConfirmationURL: string
  Email: string
  SiteURL: string
  Token: string
  TokenHash: string
  RedirectTo: string
  /** The address an e-mail change goes to ({{ .NewEmail }}); empty for other kinds. */
  NewEmail?: string
}

export interface RenderedMail {
  subject: string
  html: string
  text: string
}

/** GoTrue's subjects and bodies for the kinds a project templates nowhere. */
const DEFAULTS: Record<TemplateKind, TemplateSource> = {
  invite: {
    subject: 'You have been invited',
    html: '<h2>You have been invited</h2><p>You have been invited to create a user on {{ .SiteURL }}. Follow this link to accept the invite:</p><p><a href="{{ .ConfirmationURL }}">Accept the invite</a></p>',
  },
  recovery: {
    subject: 'Reset Your Password',
    html: '<h2>Reset Password</h2><p>Follow this link to reset the password for your user:</p><p><a href="{{ .ConfirmationURL }}">Reset Password</a></p>',
  },
  reauthentication: {
    subject: 'Confirm reauthentication',
    html: '<h2>Confirm reauthentication</h2><p>Enter the code: {{ .Token }}</p>',
  },
  magic_link: {
    subject: 'Your Magic Link',
    html: '<h2>Magic Link</h2><p>Follow this link to login:</p><p><a href="{{ .ConfirmationURL }}">Log In</a></p>',
  },
  confirmation: {
    subject: 'Confirm Your Email',
    html: '<h2>Confirm your email</h2><p>Follow this link to confirm your email:</p><p><a href="{{ .ConfirmationURL }}">Confirm your email address</a></p>',
  },
  email_change: {
    subject: 'Confirm Email Change',
    html: '<h2>Confirm Change of Email</h2><p>Follow this link to confirm the update of your email from {{ .Email }} to {{ .NewEmail }}:</p><p><a href="{{ .ConfirmationURL }}">Change Email</a></p>',
  },
}

interface TemplateSource {
  subject: string
  html: string
}

async function loadTemplate(kind: TemplateKind): Promise<TemplateSource> {
  const config = parse(await readFile(path.join(repoRoot, 'supabase/config.toml'), 'utf8')) as {
    auth?: { email?: { template?: Record<string, { subject?: string; content_path?: string }> } }
  }
  const entry = config.auth?.email?.template?.[kind]
  if (!entry?.content_path) return DEFAULTS[kind]
  return { subject: entry.subject ?? DEFAULTS[kind].subject, html: await readFile(path.resolve(repoRoot, entry.content_path), 'utf8') }
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;').replace(/'/g, '&#39;')

function fill(template: string, variables: TemplateVariables, escape: (value: string) => string): string {
  return template.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(variables, name) ? escape(variables[name as keyof TemplateVariables] ?? '') : whole,
  )
}

/** The plain-text part: the HTML's words, with each link's address after its text. */
function textOf(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html
  return body
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => {
      const words = label.replace(/<[^>]+>/g, '').trim()
      return words === href ? href : `${words}: ${href}`
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|div)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#34;|&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

export async function renderAuthMail(kind: TemplateKind, variables: TemplateVariables): Promise<RenderedMail> {
  const source = await loadTemplate(kind)
  const html = fill(source.html, variables, escapeHtml)
  return { subject: fill(source.subject, variables, (value) => value), html, text: textOf(html) }
}
