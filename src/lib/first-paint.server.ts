// What a document needs for its first paint, first: its styles inline, its hydration JavaScript
// after the paint. entry.server.tsx applies both to every page in production.
//
// React Router writes a modulepreload link in <head> for every module of the page (about forty on
// /) and a module script that imports them. On a slow phone those requests share the connection
// with the stylesheet and the hero image, and the page paints as late as if it were waiting for
// its JavaScript. The server-rendered HTML is complete and works without JavaScript
// (links navigate, forms post), so nothing is lost by painting it first: this rewrite removes the
// preload links and replaces the module script with a small inline script that adds the same
// module script once the page has painted (browsers without paint timing: once it has loaded).
// The browser then fetches the modules as it finds their imports; putting the forty preload links
// back took a long task of its own (38 ms under Lighthouse's 4x slowdown), more than the requests'
// few round trips are worth after the page is already on screen. Hydration itself is React
// Router's, unchanged; <html> gets `data-hydrated` when it is done (root.tsx).

const MODULE_PRELOAD = /<link rel="modulepreload" href="[^"]+"(?: nonce="[^"]*")?\/>/g
const BOOTSTRAP = /<script(?: nonce="([^"]*)")? type="module" async="">([\s\S]*?)<\/script>/

/** A string as a JavaScript literal that is also safe inside an HTML <script> element. */
function scriptLiteral(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/**
 * Rewrites a document rendered by React Router so its modules load after the first paint. A
 * document without React Router's bootstrap script (an error page written by hand, a future
 * React Router that writes it differently) is returned unchanged. `added` is told the text of the
 * script the page adds itself (a Content-Security-Policy by hashes must allow it too).
 */
export function deferHydration(html: string, added?: (code: string) => void): string {
  const bootstrap = BOOTSTRAP.exec(html)
  if (!bootstrap || !bootstrap[2].includes('window.__reactRouterManifest')) return html
  const [script, nonce, code] = bootstrap
  added?.(code)
  const loader =
    `<script${nonce ? ` nonce="${nonce}"` : ''}>(function(){var started=false;function start(){if(started)return;started=true;` +
    `var s=document.createElement("script");s.type="module";s.nonce=${scriptLiteral(nonce ?? '')};s.textContent=${scriptLiteral(code)};document.body.appendChild(s)}` +
    `try{new PerformanceObserver(function(list,observer){observer.disconnect();setTimeout(start)}).observe({type:"paint",buffered:true})}catch(e){}` +
    `addEventListener("load",function(){if(!("PerformanceObserver"in window)||PerformanceObserver.supportedEntryTypes.indexOf("paint")<0)start()})})()</script>`
  return html.replace(MODULE_PRELOAD, '').replace(script, () => loader)
}

/**
 * Fills the empty style resource that the root renders for the stylesheet at `href` with its CSS,
 * so the first paint waits for no second request. React writes a style resource as
 * `<style data-precedence data-href>`, and the browser's React adopts an element with that href
 * instead of adding its own. A page without that element is unchanged.
 */
export function inlineStylesheet(html: string, href: string, css: string): string {
  const empty = new RegExp(`(<style(?: nonce="[^"]*")? data-precedence="[^"]*" data-href="${escapeRegExp(href)}">)(</style>)`)
  // CSS that could end the element early is linked instead: the page is styled either way.
  if (/<\/style/i.test(css)) return html.replace(empty, () => `<link rel="stylesheet" href="${href}"/>`)
  return html.replace(empty, (_, open: string, close: string) => open + css + close)
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
