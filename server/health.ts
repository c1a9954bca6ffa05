// GET /healthz: 200 when the site can read from Supabase (one tiny anonymous read of the public
// settings), 503 otherwise. Load balancers and `npm start` users can poll it.
const TIMEOUT_MS = 3000

export async function checkHealth(supabaseUrl: string, anonKey: string): Promise<Response> {
  const headers = { 'Cache-Control': 'no-store', 'Content-Type': 'application/json' }
  try {
    const answer = await fetch(new URL('/rest/v1/site_settings?select=key&limit=1', supabaseUrl), {
      headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    await answer.arrayBuffer()
    if (answer.ok) return new Response(JSON.stringify({ status: 'ok' }), { status: 200, headers })
    console.error(`healthz: Supabase answered ${answer.status}`)
  } catch (error) {
    console.error('healthz: Supabase is unreachable:', (error as Error).message)
  }
  return new Response(JSON.stringify({ status: 'unavailable' }), { status: 503, headers })
}
