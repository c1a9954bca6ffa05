import type { BackendConfig } from './config.ts'
import type { LocalDatabase } from './db.ts'
import type { TokenVerifier } from './identity.ts'
import type { ProjectKeys } from './keys.ts'

/** What every API router of the local backend is built from. */
export interface BackendDeps {
  config: BackendConfig
  db: LocalDatabase
  keys: ProjectKeys
  verifier: TokenVerifier
}
