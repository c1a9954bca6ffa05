// The SQL of the storage API. Everything about objects runs in the caller's role transaction, so
// the row-level-security policies on storage.objects decide, as on Supabase; only bucket metadata
// (limits, public flag) is read as the owner.
import type { Transaction } from '../db.ts'
import { errors } from './errors.ts'

export interface BucketRow {
  id: string
  name: string
  owner: string | null
  public: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
  created_at: Date
  updated_at: Date
}

export interface ObjectMetadata {
  eTag: string
  size: number
  mimetype: string
  cacheControl: string
  lastModified: string
  contentLength: number
  httpStatusCode: number
}

export interface ObjectRow {
  id: string
  bucket_id: string
  name: string
  owner: string | null
  owner_id: string | null
  metadata: ObjectMetadata | null
  user_metadata: Record<string, unknown> | null
  version: string | null
  created_at: Date
  updated_at: Date
  last_accessed_at: Date
}

export interface ListedItem {
  name: string
  id: string | null
  updated_at: Date | null
  created_at: Date | null
  last_accessed_at: Date | null
  metadata: ObjectMetadata | null
}

const OBJECT_COLUMNS = 'id, bucket_id, name, owner, owner_id, metadata, user_metadata, version, created_at, updated_at, last_accessed_at'

/** A bucket as Supabase's storage API shows it (every local bucket is a standard one). */
export const BUCKET_COLUMNS = `id, name, owner, coalesce(public, false) as public,
  file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at`

/**
 * A listed bucket, as Storage lists one: with its `type` (every bucket offered here is a STANDARD
 * one) between `public` and the limits. Storage's single-bucket answer has no `type`.
 */
export const LISTED_BUCKET_COLUMNS = `id, name, owner, coalesce(public, false) as public, 'STANDARD' as type,
  file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at`

/** A bucket, whoever may see it (read as the owner for its limits), or null. */
export async function findBucket(tx: Transaction, id: string): Promise<BucketRow | null> {
  const { rows } = await tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])
  return rows[0] ?? null
}

export interface NewObject {
  id: string
  bucket: string
  name: string
  owner: string | null
  ownerId: string | null
  metadata: ObjectMetadata
  userMetadata: Record<string, unknown> | null
  version: string
}

/** Maps the database's refusals of an object write to the storage API's answers, as Supabase's storage maps them. */
export function mapWriteError(error: unknown): unknown {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  if (code === '23505') return errors.duplicate()
  if (code === '42501') return typeof message === 'string' && !message.includes('row-level security') ? errors.accessDenied(message) : errors.rlsInsert()
  if (code === '55P03') return errors.resourceLocked()
  // The flood limit of the applications bucket's insert policy.
  if (code === 'PT429') return errors.tooManyRequests()
  return error
}

/**
 * Creates the row. Plain INSERT without RETURNING: the role may be allowed to insert an object it
 * may never read (an applicant's CV), exactly as on Supabase. Returns the object's id.
 */
export async function insertObject(tx: Transaction, object: NewObject): Promise<string> {
  await tx.query(
    `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [object.id, object.bucket, object.name, object.owner, object.ownerId, object.metadata, object.userMetadata, object.version],
  )
  return object.id
}

/**
 * Creates or replaces the row. Like Supabase's upsert this needs SELECT as well as INSERT and
 * UPDATE policies: ON CONFLICT checks the existing row against them, and RETURNING (for the id of
 * a replaced object) makes a role that cannot read the object fail even when there is no conflict.
 */
export async function upsertObject(tx: Transaction, object: NewObject): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (bucket_id, name) do update
       set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
           user_metadata = excluded.user_metadata, version = excluded.version,
           updated_at = now(), last_accessed_at = now()
     returning id`,
    [object.id, object.bucket, object.name, object.owner, object.ownerId, object.metadata, object.userMetadata, object.version],
  )
  return rows[0].id
}

export async function findObject(tx: Transaction, bucket: string, name: string): Promise<ObjectRow | null> {
  const { rows } = await tx.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucket, name])
  return rows[0] ?? null
}

/**
 * Lifts the guard against direct deletes of storage rows for the rest of this transaction: the
 * storage API removes the files of the rows it deletes, so only it may delete them (as on Supabase).
 */
export async function allowStorageDeletes(tx: Transaction): Promise<void> {
  await tx.query("select set_config('storage.allow_delete_query', 'true', true)")
}

/**
 * Refuses a signed upload URL already spent, before any of its bytes are read, as Supabase refuses
 * it: its object exists (409).
 */
export async function assertUploadTokenUnspent(tx: Transaction, tokenId: string): Promise<void> {
  const { rows } = await tx.query('select 1 from local_storage.spent_upload_tokens where token_id = $1', [tokenId])
  if (rows.length > 0) throw errors.duplicate()
}

/** Records a signed upload URL as spent, in its upload's transaction; refuses one already spent. */
export async function spendUploadToken(tx: Transaction, tokenId: string, expiresAt: Date): Promise<void> {
  const { rows } = await tx.query<{ spent: boolean }>('select local_storage.spend_upload_token($1, $2) as spent', [tokenId, expiresAt])
  if (!rows[0]?.spent) throw errors.duplicate()
}

/** Deletes the named objects the role's DELETE (and SELECT) policies allow; returns them. */
export async function deleteObjects(tx: Transaction, bucket: string, names: string[]): Promise<ObjectRow[]> {
  await allowStorageDeletes(tx)
  const { rows } = await tx.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`, [
    bucket,
    names,
  ])
  return rows
}

export const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const
export type SortColumn = (typeof SORT_COLUMNS)[number]

export interface ListOptions {
  prefix: string
  limit: number
  offset: number
  sortColumn: SortColumn
  sortOrder: 'asc' | 'desc'
  search: string
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/**
 * One level of a bucket, as storage-js's list() shows it: the objects directly under `prefix`, and
 * each deeper path as a folder entry (name only, id and dates null). Runs as the role, so it lists
 * only rows its SELECT policies show.
 */
export async function listObjects(tx: Transaction, bucket: string, options: ListOptions): Promise<ListedItem[]> {
  // sortColumn and sortOrder come from fixed lists, never from the request text itself.
  const { rows } = await tx.query<ListedItem>(
    `with matching as (
       select substr(name, char_length($2::text) + 1) as rest, id, updated_at, created_at, last_accessed_at, metadata
         from storage.objects
        where bucket_id = $1 and starts_with(name, $2::text)
     ),
     items as (
       select distinct split_part(rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
              null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
         from matching where strpos(rest, '/') > 0
       union all
       select rest, id, updated_at, created_at, last_accessed_at, metadata
         from matching where strpos(rest, '/') = 0
     )
     select name, id, updated_at, created_at, last_accessed_at, metadata
       from items
      where name ilike $3 || '%'
      order by ${options.sortColumn} ${options.sortOrder}, name asc
      limit $4 offset $5`,
    [bucket, options.prefix, escapeLike(options.search), options.limit, options.offset],
  )
  return rows
}
