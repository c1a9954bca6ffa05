// Placeholder until the auth API lands.
import type { LocalDatabase } from '../db.ts'

export async function ensureFirstAdmin(_db: LocalDatabase, _email: string, _password: string): Promise<boolean> {
  return false
}
