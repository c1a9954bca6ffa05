// Arranging data the way staff would, straight through the product's backend with the service-role
// key (the admin screens are exercised by their own tests; these set the scene for visitor tests).
import { productBackend as backend } from './product.ts'

async function rest(method: string, pathAndQuery: string, body?: unknown): Promise<unknown> {
  const { url, serviceRoleKey } = backend()
  const response = await fetch(`${url}/rest/v1/${pathAndQuery}`, {
    method,
    headers: {
      apikey: serviceRoleKey,
      authorization: `Bearer ${serviceRoleKey}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${pathAndQuery}: ${response.status} ${text}`)
  return text ? JSON.parse(text) : null
}

export async function insertRow<T>(table: string, row: Record<string, unknown>): Promise<T> {
  const [created] = (await rest('POST', table, row)) as T[]
  return created
}

/** Updates the rows matching a PostgREST filter such as `id=eq.<uuid>`. */
export async function updateRows<T>(table: string, filter: string, changes: Record<string, unknown>): Promise<T[]> {
  return (await rest('PATCH', `${table}?${filter}`, changes)) as T[]
}

export async function deleteRows(table: string, filter: string): Promise<void> {
  await rest('DELETE', `${table}?${filter}`)
}

/** Reads rows with a PostgREST query such as `select=id,name&order=order_index`. */
export async function selectRows<T>(table: string, query: string): Promise<T[]> {
  return (await rest('GET', `${table}?${query}`)) as T[]
}

/** Inserts or replaces rows by their primary key (or `onConflict` columns). */
export async function upsertRows(table: string, rows: Record<string, unknown>[], onConflict: string): Promise<void> {
  const { url, serviceRoleKey } = backend()
  const response = await fetch(`${url}/rest/v1/${table}?on_conflict=${onConflict}`, {
    method: 'POST',
    headers: {
      apikey: serviceRoleKey,
      authorization: `Bearer ${serviceRoleKey}`,
      'content-type': 'application/json',
      prefer: 'resolution=merge-duplicates',
    },
    body: JSON.stringify(rows),
  })
  if (!response.ok) throw new Error(`upsert ${table}: ${response.status} ${await response.text()}`)
}

/** Removes a stored object (an uploaded CV, an image) from a storage bucket. */
export async function deleteStoredFile(bucket: string, objectPath: string): Promise<void> {
  const { url, serviceRoleKey } = backend()
  const response = await fetch(`${url}/storage/v1/object/${bucket}`, {
    method: 'DELETE',
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prefixes: [objectPath] }),
  })
  if (!response.ok) throw new Error(`delete ${bucket}/${objectPath}: ${response.status} ${await response.text()}`)
}

/** A confirmed staff account made with the service-role key, holding `role`; answers its id. */
export async function createStaffAccount(email: string, password: string, role: string, fullName: string): Promise<string> {
  const { url, serviceRoleKey } = backend()
  const response = await fetch(`${url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, email_confirm: true, user_metadata: { full_name: fullName } }),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`creating ${email}: ${response.status} ${text}`)
  const user = JSON.parse(text) as { id: string }
  await insertRow('staff_roles', { user_id: user.id, role })
  return user.id
}
