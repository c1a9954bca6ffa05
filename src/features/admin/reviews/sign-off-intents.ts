// The writes a list of one reviewable kind shares: while publishing needs approval its create and
// update go through save_change (a new item waits hidden, a visible edit of a live one waits as its
// pending change); Request review and Add to release. The route composes them with its own intents.
import { reviewMessages as m, type ItemKind } from '~/entities/content-review'
import { attempt, crudIntents, type CrudApi, type CrudEntity, type Intent } from '../lib/admin-action'
import { addToRelease } from './api/releases'
import { approvalRequired, requestReview, saveForReview } from './api/reviews'

export function signOffIntents<Values>(
  kind: ItemKind,
  entity: CrudEntity<Values>,
  api: CrudApi<Values>,
): Record<'create' | 'update' | 'delete' | 'requestReview' | 'addToRelease', Intent> {
  const direct = crudIntents(entity, api)
  const forReview = crudIntents(
    { ...entity, messages: { ...entity.messages, created: m.savedForReview, updated: m.savedForReview }, toast: undefined },
    {
      create: (db, values) => saveForReview(db, kind, null, values as object),
      update: (db, id, values, version) => saveForReview(db, kind, id, values as object, version),
      remove: api.remove,
    },
  )
  return {
    ...direct,
    create: async (db, body) => ((await approvalRequired(db)) ? forReview.create : direct.create)(db, body),
    update: async (db, body) => ((await approvalRequired(db)) ? forReview.update : direct.update)(db, body),
    requestReview: (db, body) => attempt(() => requestReview(db, kind, String(body.id), null), m.requestFailed, m.requested),
    addToRelease: (db, body) => attempt(() => addToRelease(db, String(body.release), kind, String(body.id)), m.addFailed, m.added),
  }
}
