// Every admin write goes through its route's clientAction: the form or button posts JSON with an
// `intent` (create, update, delete, publish, move, …), the action runs it against the database and
// returns what the person sees: the toast, and field errors when the input broke a rule. A refused
// write answers with status 400, so the router does not reload the list for nothing (unless the
// refusal says the screen is out of date).
import { data } from 'react-router'
import type { ZodType } from 'zod'
import type { EntityMessages } from '~/entities/messages'
import { fieldErrorsOf, type FieldErrors } from '~/entities/limits'
import { RefusedError, StaleVersionError, type Db } from '~/lib/supabase'
import { adminDb, staffDb } from './admin-db'
import { notifyError } from './notify'

/** 'done' toasts are titled with the message itself; 'success' ones are titled Success. */
export type ToastKind = 'error' | 'success' | 'done'

/** A save refused because someone else saved the row after it was opened. */
export interface Conflict {
  /** Their version: send it back to keep one's own. */
  updatedAt: string
  /** Their e-mail, when known. */
  updatedBy: string | null
  /** Their name, when their account has one. */
  updatedByName: string | null
}

export interface ActionResult {
  ok: boolean
  /** An autosave's answer: nothing on screen changes, so the list is not loaded again. */
  autosaved?: boolean
  /** When an autosave was stored (the database's time). */
  savedAt?: string
  toast?: { kind: ToastKind; message: string }
  fieldErrors?: FieldErrors
  conflict?: Conflict
  /** What the write made that is shown only now (a preview link's address, an uploaded image's URL). */
  link?: string
  /** The id of the row a create made (its page opens next). */
  id?: string
  /** The row's updated_at after an update: the version an editor that stays open names next. */
  version?: string
  /** A refusal because what the screen shows is out of date: its data is read again. */
  reload?: boolean
}

export interface ActionBody {
  intent: string
  id?: string
  values?: unknown
  /** The updated_at of the row as the form opened it: the database refuses the save if it has changed. */
  version?: string
  [key: string]: unknown
}

export type Intent = (db: Db, body: ActionBody) => Promise<ActionResult>

/** A refused write: the error toast, and the messages beside the fields that broke a rule. */
export function refused(message: string, fieldErrors?: FieldErrors): ActionResult {
  return { ok: false, toast: { kind: 'error', message }, fieldErrors }
}

/** Runs one write: the failure toast (the detail goes to the console) or the success toast. */
export async function attempt(work: () => Promise<unknown>, failure: string, success?: string, kind: ToastKind = 'success'): Promise<ActionResult> {
  try {
    await work()
  } catch (error) {
    if (error instanceof StaleVersionError) {
      return { ok: false, conflict: { updatedAt: error.updatedAt, updatedBy: error.updatedBy, updatedByName: error.updatedByName } }
    }
    console.error(failure, error)
    return { ok: false, toast: { kind: 'error', message: error instanceof RefusedError ? error.reason : failure } }
  }
  return { ok: true, toast: success ? { kind, message: success } : undefined }
}

/** `attempt`, with what the write answered (a new id, a new version) added to a successful result. */
export async function attemptWith(
  answer: (made: string) => Partial<ActionResult>,
  work: () => Promise<string | void>,
  failure: string,
  success?: string,
  kind: ToastKind = 'success',
): Promise<ActionResult> {
  let made: string | void = undefined
  const result = await attempt(async () => (made = await work()), failure, success, kind)
  return result.ok && typeof made === 'string' ? { ...result, ...answer(made) } : result
}

/** A route's clientAction: reads the posted intent and runs its handler. */
export function adminAction(intents: Record<string, Intent>) {
  return async ({ request }: { request: Request }) => {
    const body = (await request.json()) as ActionBody
    const run = Object.hasOwn(intents, body.intent) ? intents[body.intent] : undefined
    const result: ActionResult = run ? await run(await adminDb(), body) : { ok: false, toast: { kind: 'error', message: 'Unknown action' } }
    return result.ok || result.reload ? result : data(result, { status: 400 })
  }
}

/** The input checked against the entity's schema again: the form's rules hold for any request. */
export function parseValues<T>(schema: ZodType<T>, values: unknown, failure: string): { values: T } | { error: ActionResult } {
  const parsed = schema.safeParse(values)
  return parsed.success ? { values: parsed.data } : { error: refused(failure, fieldErrorsOf(parsed.error)) }
}

export interface CrudApi<Values> {
  /** Resolves with the new row's id, when the screen opens it next. */
  create: (db: Db, values: Values) => Promise<string | void>
  /**
   * `version`: the updated_at the form opened (the save is refused if the row changed since).
   * Resolves with the row's new updated_at, when an editor stays open on it.
   */
  update: (db: Db, id: string, values: Values, version?: string) => Promise<string | void>
  remove: (db: Db, id: string) => Promise<unknown>
}

export interface CrudEntity<Values> {
  schema: ZodType<Values>
  messages: EntityMessages
  toast?: ToastKind
}

/** The version a save names, when it is a time. */
export function versionOf(body: ActionBody): string | undefined {
  return typeof body.version === 'string' && !Number.isNaN(Date.parse(body.version)) ? body.version : undefined
}

/** The create, update and delete intents of a list of one entity. */
export function crudIntents<Values>(entity: CrudEntity<Values>, api: CrudApi<Values>): Record<'create' | 'update' | 'delete', Intent> {
  const { messages: m, toast } = entity
  return {
    create: async (db, body) => {
      const input = parseValues(entity.schema, body.values, m.createFailed)
      if ('error' in input) return input.error
      return attemptWith(
        (id) => ({ id }),
        () => api.create(db, input.values),
        m.createFailed,
        m.created,
        toast,
      )
    },
    update: async (db, body) => {
      const input = parseValues(entity.schema, body.values, m.updateFailed)
      if ('error' in input) return input.error
      return attemptWith(
        (version) => ({ version }),
        () => api.update(db, String(body.id), input.values, versionOf(body)),
        m.updateFailed,
        m.updated,
        toast,
      )
    },
    delete: (db, body) => attempt(() => api.remove(db, String(body.id)), m.deleteFailed, m.deleted, toast),
  }
}

/** What a clientLoader reads: on failure the 'Failed to fetch …' toast and `fallback`. */
export async function loadOr<T>(failure: string, load: (db: Db) => Promise<T>, fallback: T): Promise<T> {
  try {
    const db = await staffDb()
    if (!db) return fallback
    return await load(db)
  } catch (error) {
    notifyError(failure, error)
    return fallback
  }
}
