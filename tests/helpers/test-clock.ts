// Moves a local backend's TOTP clock forward (the backend runs with TEST_CLOCK=1; see
// local-supabase/src/test-clock.ts), so a test takes the next 30-second step without waiting for it.
export async function advanceBackendClock(backendUrl: string, serviceRoleKey: string, ms: number): Promise<void> {
  const response = await fetch(`${backendUrl}/test/v1/clock`, {
    method: 'POST',
    headers: { apikey: serviceRoleKey, 'content-type': 'application/json' },
    body: JSON.stringify({ advance_ms: ms }),
  })
  if (!response.ok) throw new Error(`moving the backend's clock failed: ${response.status} ${await response.text()}`)
}
