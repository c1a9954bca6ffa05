// `npm run edge`: Varnish (Debian's varnishd) with deploy/varnish/default.vcl in front of the
// running site, on EDGE_PORT (8080), until Ctrl-C. The site is EDGE_BACKEND (several web
// instances: their URLs, comma-separated, taken in turn), or http://127.0.0.1:PORT (3000). For the
// site to purge it and see visitors' addresses, start the site with
// PURGE_VARNISH_URLS=http://127.0.0.1:<EDGE_PORT> and TRUST_PROXY=1.
import { startVarnish, VARNISH_MISSING, findVarnishd } from './lib/varnish.ts'

const port = Number(process.env.EDGE_PORT || 8080)
const backends = (process.env.EDGE_BACKEND || `http://127.0.0.1:${process.env.PORT || 3000}`).split(',').map((url) => new URL(url.trim()))

if (!findVarnishd()) {
  console.error(VARNISH_MISSING)
  process.exit(1)
}
for (const backend of backends) {
  const answers = await fetch(new URL('/favicon.svg', backend)).then(
    (response) => response.ok,
    () => false,
  )
  if (!answers) console.warn(`Nothing answers at ${backend.origin} yet: start the site (npm start); Varnish waits for it.`)
}
const varnish = await startVarnish(backends, port, { stdio: 'inherit', cacheMb: Number(process.env.EDGE_CACHE_MB || 256) })
console.log(`Varnish on http://localhost:${port} in front of ${backends.map((backend) => backend.origin).join(', ')}. Ctrl-C stops it.`)
console.log(`For purges and visitors' addresses, run the site with PURGE_VARNISH_URLS=http://127.0.0.1:${port} TRUST_PROXY=1.`)
const stop = () => void varnish.stop().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
