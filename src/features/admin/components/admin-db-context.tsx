// Hands the signed-in browser client to the managers. Tests render a manager inside this provider
// with a client signed in against the real local backend.
import { createContext, useContext, type ReactNode } from 'react'
import type { Db } from '~/lib/supabase'

const AdminDbContext = createContext<Db | null>(null)

export function AdminDbProvider({ db, children }: { db: Db; children: ReactNode }) {
  return <AdminDbContext.Provider value={db}>{children}</AdminDbContext.Provider>
}

export function useAdminDb(): Db {
  const db = useContext(AdminDbContext)
  if (!db) throw new Error('useAdminDb needs an <AdminDbProvider> above it')
  return db
}
