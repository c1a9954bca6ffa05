// The database's refusals of an object change, as the local backend's storage API answers them on
// every path that changes or removes a stored object (remove, delete one, upsert, update, move, copy
// over an existing object): as Supabase's storage maps them, a lock not available (55P03) is 423
// ResourceLocked, and a trigger's insufficient privilege (42501) is 403 with the trigger's own words,
// while a policy's refusal keeps row-level security's words. A fixture trigger on a bucket of its
// own refuses by object name, so each path is checked against both refusals.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackendWithFixture, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend.ts'

const FIXTURE = `
create schema fixture;
create function fixture.refuse_object_change() returns trigger language plpgsql as $$
begin
  if old.name like 'locked/%' then
    raise exception using errcode = '55P03', message = 'Locked by the fixture.';
  elsif old.name like 'kept/%' then
    raise exception using errcode = '42501', message = 'Kept by the fixture.';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;
create trigger fixture_refuse_object_change before update or delete on storage.objects
  for each row when (old.bucket_id = 'guarded') execute function fixture.refuse_object_change();
insert into storage.buckets (id, name, public) values ('guarded', 'guarded', true);
`

// A 1x1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const png = (extra: string) => Buffer.concat([PNG, Buffer.from(extra)])

const LOCKED = { status: 423, statusCode: '423', message: 'The resource is locked' }
const KEPT = { status: 403, statusCode: '403', message: 'Kept by the fixture.' }

let backend: LocalBackend
let service: SupabaseClient

beforeAll(async () => {
  backend = await startLocalBackendWithFixture(FIXTURE)
  service = backend.service()
  for (const name of ['locked/a.png', 'kept/a.png', 'free/a.png']) {
    expect((await service.storage.from('guarded').upload(name, png(name), { contentType: 'image/png' })).error).toBeNull()
  }
})

afterAll(async () => {
  await backend?.dispose()
})

/** The bytes served for the object, or null when it is gone. */
async function served(name: string): Promise<Buffer | null> {
  const answer = await fetch(`${backend.url}/storage/v1/object/public/guarded/${name}`)
  return answer.ok ? Buffer.from(await answer.arrayBuffer()) : null
}

function objectRequest(method: string, route: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${backend.url}/storage/v1/object/${route}`, {
    method,
    headers: {
      apikey: backend.keys.serviceRoleKey,
      authorization: `Bearer ${backend.keys.serviceRoleKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

describe.each([
  ['locked', LOCKED],
  ['kept', KEPT],
])('an object whose changes the database refuses (%s)', (folder, refusal) => {
  const name = `${folder}/a.png`

  it('is not removed, one or many at a time', async () => {
    expect((await service.storage.from('guarded').remove([name, 'free/none.png'])).error).toMatchObject(refusal)
    const one = await objectRequest('DELETE', `guarded/${name}`)
    expect(one.status).toBe(refusal.status)
    expect(await one.json()).toMatchObject({ statusCode: refusal.statusCode, message: refusal.message })
    expect(await served(name)).toEqual(png(name))
  })

  it('keeps its bytes against an upsert or an update', async () => {
    const guarded = service.storage.from('guarded')
    expect((await guarded.upload(name, png('new'), { contentType: 'image/png', upsert: true })).error).toMatchObject(refusal)
    expect((await guarded.update(name, png('new'), { contentType: 'image/png' })).error).toMatchObject(refusal)
    expect(await served(name)).toEqual(png(name))
  })

  it('is not moved, nor copied over', async () => {
    const guarded = service.storage.from('guarded')
    expect((await guarded.move(name, 'free/moved.png')).error).toMatchObject(refusal)
    expect(await served('free/moved.png')).toBeNull()

    // A copy onto it replaces its row (storage-js sends no x-upsert; the API takes it).
    const over = await objectRequest('POST', 'copy', { bucketId: 'guarded', sourceKey: 'free/a.png', destinationKey: name }, { 'x-upsert': 'true' })
    expect(over.status).toBe(refusal.status)
    expect(await over.json()).toMatchObject({ statusCode: refusal.statusCode, message: refusal.message })
    expect(await served(name)).toEqual(png(name))
  })
})

describe('the answers', () => {
  it('have the shape of Supabase storage’s errors', async () => {
    const locked = await objectRequest('DELETE', 'guarded/locked/a.png')
    expect(await locked.json()).toEqual({ statusCode: '423', code: 'ResourceLocked', error: 'ResourceLocked', message: 'The resource is locked' })
    const kept = await objectRequest('DELETE', 'guarded/kept/a.png')
    expect(await kept.json()).toEqual({ statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: 'Kept by the fixture.' })
  })

  it('keep row-level security’s words for a policy’s refusal', async () => {
    const admin = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
    const refused = await admin.storage.from('guarded').upload('free/b.png', png('b'), { contentType: 'image/png' })
    expect(refused.error).toMatchObject({ status: 403, statusCode: '403', message: 'new row violates row-level security policy' })
  })

  it('leave objects the database lets go alone', async () => {
    const guarded = service.storage.from('guarded')
    expect((await guarded.move('free/a.png', 'free/moved.png')).error).toBeNull()
    expect((await guarded.remove(['free/moved.png'])).data?.map((o) => o.name)).toEqual(['free/moved.png'])
    expect(await served('free/moved.png')).toBeNull()
  })
})
