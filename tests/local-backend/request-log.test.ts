// The local backend's request log shows what visitors and staff do: the web server's chores, which
// call several times a second under ids of their own (`chore:<name>`), appear only at
// LOG_LEVEL=debug when they succeed; a failure appears whoever asked.
import { afterEach, describe, expect, it } from 'vitest'
import { startBackendProcess, type BackendProcess } from '../helpers/backend-process.ts'

let backend: BackendProcess | undefined

afterEach(async () => {
  await backend?.dispose()
  backend = undefined
})

/** One request of each kind, each under an id of its own; the ids whose line the log printed. */
async function loggedRequests(env: NodeJS.ProcessEnv): Promise<string[]> {
  backend = await startBackendProcess({ LOG_REQUESTS: '1', LOG_FORMAT: 'json', ...env })
  const { publishableKey, secretKey } = backend.keys
  const ask = (id: string, key: string, path: string) => fetch(`${backend!.url}${path}`, { headers: { apikey: key, 'x-request-id': id } })
  expect((await ask('visitor-read', publishableKey, '/rest/v1/clients?select=name')).status).toBe(200)
  expect((await ask('service-call', secretKey, '/rest/v1/clients?select=name')).status).toBe(200)
  expect((await ask('chore:poll', publishableKey, '/rest/v1/redirects?select=from_path')).status).toBe(200)
  expect((await ask('chore:failing', secretKey, '/rest/v1/no_such_table')).status).toBe(404)
  // Lines are written in order once each answer has gone: the failure's, logged at every level, comes last.
  await expect.poll(() => backend!.output().includes('"reqId":"chore:failing"')).toBe(true)
  return ['visitor-read', 'service-call', 'chore:poll', 'chore:failing'].filter((id) => backend!.output().includes(`"reqId":"${id}"`))
}

describe("the local backend's request log", () => {
  it("leaves a chore's successful calls out at the default level, and shows every failure", async () => {
    expect(await loggedRequests({})).toEqual(['visitor-read', 'service-call', 'chore:failing'])
  })

  it('shows them too at LOG_LEVEL=debug', async () => {
    expect(await loggedRequests({ LOG_LEVEL: 'debug' })).toEqual(['visitor-read', 'service-call', 'chore:poll', 'chore:failing'])
  })
})
