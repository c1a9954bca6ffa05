// The surrogate keys a public page carries (its Surrogate-Key and Cache-Tag headers): one per kind
// of content it shows, plus one per post, solution or job opening it shows on its own. They are the
// keys the database's purge triggers name when that content changes (supabase/schemas/32-edge_purges.sql),
// so a page read from a table without a key here is never shared past the web server.

/** The key of the pages that show a table's rows, by the table read through the Data API. */
export const TABLE_KEYS: Readonly<Record<string, string>> = {
  blog_posts: 'posts',
  clients: 'clients',
  job_openings: 'jobs',
  site_settings: 'settings',
  solutions: 'solutions',
  team_members: 'team',
  testimonials: 'testimonials',
  website_content: 'site-copy',
}

/** The prefix of one row's own key (`post:<id>`), for the tables whose rows have pages of their own. */
export const ROW_KEY_PREFIXES: Readonly<Record<string, string>> = {
  blog_posts: 'post',
  job_openings: 'job',
  solutions: 'solution',
}

/** The keys of the functions public pages call, by what they read. */
export const RPC_KEYS: Readonly<Record<string, readonly string[]>> = {
  job_opening_state: ['jobs'],
  job_opening_accepts_applications: ['jobs'],
}

/** What a surrogate key may hold: CDNs split on spaces and commas, and Varnish bans match them by pattern. */
export const SURROGATE_KEY = /^[a-z0-9][a-z0-9:._-]{0,99}$/
