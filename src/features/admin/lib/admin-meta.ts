// Every admin page tells crawlers to stay away, in the HTML and in the response headers.
export function adminMeta(title: string) {
  return [{ title: `${title} · Admin` }, { name: 'robots', content: 'noindex, nofollow' }]
}

export function adminHeaders(): HeadersInit {
  return { 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'no-store' }
}
