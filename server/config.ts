// The web server's settings, read once from the environment at start. Everything has a default
// except the Supabase project, which `npm start` passes in (the local backend's or a hosted one).
import { z } from 'zod'
import { imageTransformationsRefusal, parseImageTransformations } from '../src/lib/env.server.ts'
import { publishableKeyOf, secretKeyOf } from '../src/lib/project-keys.ts'

const flag = z
  .string()
  .optional()
  .transform((value) => value !== undefined && !['', '0', 'false', 'no', 'off'].includes(value.toLowerCase()))

const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().optional(),
    SUPABASE_URL: z.url({ message: 'SUPABASE_URL must be the URL of a Supabase project' }),
    // The public key (SUPABASE_PUBLISHABLE_KEY, or the legacy SUPABASE_ANON_KEY: project-keys.ts).
    SUPABASE_PUBLISHABLE_KEY: z.string().min(20, 'SUPABASE_PUBLISHABLE_KEY must be the project publishable key (or SUPABASE_ANON_KEY its anon key)'),
    // Server-side only (never sent to a browser): SUPABASE_SECRET_KEY, or the legacy
    // SUPABASE_SERVICE_ROLE_KEY. The server's chores (unclaimed CVs, e-mails, retention, purges) run
    // with it. `npm start` passes the local backend's.
    SUPABASE_SECRET_KEY: z
      .string()
      .min(20, 'SUPABASE_SECRET_KEY must be the project secret key (or SUPABASE_SERVICE_ROLE_KEY its service-role key)')
      .optional(),
    // Set by `npm start` for the local backend: its three APIs are served on the site's own origin.
    SUPABASE_PROXY: flag,
    // `off` on a hosted project whose plan has no Storage image transformations: every image is then
    // sent as uploaded (its object URL, no srcset). The app reads it too (src/lib/env.server.ts).
    SUPABASE_IMAGE_TRANSFORMATIONS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const on = parseImageTransformations(value)
        if (on !== null) return on
        ctx.addIssue({ code: 'custom', message: imageTransformationsRefusal(value) })
        return z.NEVER
      }),
    SITE_URL: z.url().optional(),
    // How many proxies in front of this server append to X-Forwarded-For: unset or 0 means none, so
    // the socket address is the visitor; `true` means one.
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || ['', '0', 'false', 'no', 'off'].includes(value.toLowerCase())) return 0
        if (['true', 'yes', 'on'].includes(value.toLowerCase())) return 1
        const hops = Number(value)
        if (Number.isInteger(hops) && hops > 0 && hops < 10) return hops
        ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY must be unset, true, or the number of proxies in front (1-9)' })
        return z.NEVER
      }),
    // How long a rendered anonymous page is shared between visitors (0 turns the cache off).
    PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    // The most rendered page bytes the cache keeps at once (least recently used pages go first).
    PAGE_CACHE_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .default(32 * 1024 * 1024),
    // How long caches in front (a CDN, Varnish) keep a public page (s-maxage), and so this server too
    // when purges reach it (SUPABASE_SECRET_KEY set): a change purges the page at once anyway.
    PAGE_EDGE_SECONDS: z.coerce.number().int().min(0).max(31_536_000).default(300),
    // How long past that they may serve it while fetching it again, or while the origin fails.
    PAGE_STALE_WHILE_REVALIDATE_SECONDS: z.coerce.number().int().min(0).max(31_536_000).default(60),
    PAGE_STALE_IF_ERROR_SECONDS: z.coerce.number().int().min(0).max(31_536_000).default(86_400),
    // Where the last good render of each page is kept across restarts (default DATA_DIR/pages).
    PAGE_STORE_DIR: z.string().optional(),
    // Renders of pages not in the page cache: per client per minute (past it 429), for the whole site
    // per second (past it 503), and how many run at once (the others wait their turn).
    MISS_RENDERS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    MISS_RENDERS_PER_SECOND: z.coerce.number().int().min(1).default(50),
    RENDERS_AT_ONCE: z.coerce.number().int().min(1).max(64).default(4),
    // Caches in front that purges go to (server/purge-targets.ts): Varnish base URLs, comma-separated;
    // a Fastly service; a Cloudflare zone. The *_API_URL settings are for a proxy in between.
    PURGE_VARNISH_URLS: z
      .string()
      .optional()
      .refine((value) => !value || value.split(',').every((url) => z.url().safeParse(url.trim()).success), 'PURGE_VARNISH_URLS must be URLs, comma-separated'),
    FASTLY_SERVICE_ID: z.string().optional(),
    FASTLY_API_TOKEN: z.string().optional(),
    FASTLY_API_URL: z.url().default('https://api.fastly.com'),
    CLOUDFLARE_ZONE_ID: z.string().optional(),
    CLOUDFLARE_API_TOKEN: z.string().optional(),
    CLOUDFLARE_API_URL: z.url().default('https://api.cloudflare.com'),
    // How many distinct searches one client may have rendered per minute; past it, the unfiltered list.
    SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    // How many distinct searches the whole site renders per second, whoever asks; past it, the unfiltered list.
    SEARCHES_PER_SECOND: z.coerce.number().int().min(1).default(5),
    BUILD_DIR: z.string().default('build'),
    // How many web server processes share the port (cluster.ts); 1 runs a single process.
    WEB_CONCURRENCY: z.coerce.number().int().min(1, 'WEB_CONCURRENCY must be at least 1').max(64).default(1),
    // GET /metrics answers only a request bearing this token; without it /metrics does not exist.
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    // Lead e-mails go out through this SMTP server (smtp:// or smtps://, credentials in the URL);
    // without it each one is written as an .eml file in DATA_DIR/mail/.
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default('Ledgerfield Technologies <no-reply@localhost>'),
    DATA_DIR: z.string().default('.data'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // JSON lines by default; readable text when stdout is a terminal, unless set.
    LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
    // Tests only: the process that started the server may move its clock forward (test-clock.ts).
    TEST_CLOCK: flag,
  })
  .refine((c) => Boolean(c.FASTLY_SERVICE_ID) === Boolean(c.FASTLY_API_TOKEN), 'FASTLY_SERVICE_ID and FASTLY_API_TOKEN go together')
  .refine((c) => Boolean(c.CLOUDFLARE_ZONE_ID) === Boolean(c.CLOUDFLARE_API_TOKEN), 'CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN go together')

export type ServerConfig = z.infer<typeof schema>

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  // An empty variable (as in a copied .env.example) means "not set".
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''))
  const parsed = schema.safeParse({
    ...set,
    SUPABASE_URL: set.SUPABASE_URL ?? set.VITE_SUPABASE_URL,
    SUPABASE_PUBLISHABLE_KEY: publishableKeyOf(set)?.value,
    SUPABASE_SECRET_KEY: secretKeyOf(set)?.value,
  })
  if (!parsed.success) {
    throw new Error(`Invalid web server settings: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  }
  return parsed.data
}
