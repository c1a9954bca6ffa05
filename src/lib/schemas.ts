// The zod every schema of the app is built with: jitless, so zod never compiles a parser with
// `new Function`, nor probes whether it may (the probe is reported as a Content-Security-Policy
// violation, as the site's CSP has no 'unsafe-eval'). Every module that builds a schema imports
// `z` from here, so the setting is in place before any schema exists, in the browser and on the
// server alike, and pages without a form load none of zod.
import { z } from 'zod'

z.config({ jitless: true })

export { z }
