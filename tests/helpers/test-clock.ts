// Moves a local backend's clock forward (the backend runs with TEST_CLOCK=1; see
// local-supabase/src/test-clock.ts), so a test takes the next 30-second TOTP step, or sees a scheduled
// post go live, without waiting for it. Answers the time the backend's clock then reads (0 ms: reads it).
export async function advanceBackendClock(backendUrl: string, serviceRoleKey: string, ms: number): Promise<number> {
  const response = await fetch(`${backendUrl}/test/v1/clock`, {
    method: 'POST',
    headers: { apikey: serviceRoleKey, 'content-type': 'application/json' },
    body: JSON.stringify({ advance_ms: ms }),
  })
  if (!response.ok) throw new Error(`moving the backend's clock failed: ${response.status} ${await response.text()}`)
  const { now } = (await response.json()) as { now: string }
  return Date.parse(now)
}
