// Zod compiles a faster object parser with `new Function` unless told not to, and its probe for
// eval is reported as a Content-Security-Policy violation on every page that builds a schema (the
// site's CSP has no 'unsafe-eval'). root.tsx imports this first, so it runs before any schema is
// built, in the browser and on the server alike. `zod/v4/core` is the small module that holds
// the setting, so every page pays a few hundred bytes, not the schema library.
import { config } from 'zod/v4/core'

config({ jitless: true })
