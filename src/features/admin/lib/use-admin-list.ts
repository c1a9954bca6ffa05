// Loads what a manager lists, shows a spinner while it loads, and loads again after a change. A
// failed load shows the spec's 'Failed to fetch …' toast and keeps what was shown before.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Db } from '~/lib/supabase'
import { useAdminDb } from '../components/admin-db-context'
import { notifyError } from './notify'

export interface AdminList<T> {
  data: T | undefined
  loading: boolean
  reload: () => Promise<void>
}

/** `load` must be stable (a data function, or wrapped in useCallback). */
export function useAdminList<T>(load: (db: Db) => Promise<T>, failure: string): AdminList<T> {
  const db = useAdminDb()
  const [data, setData] = useState<T | undefined>(undefined)
  const [loading, setLoading] = useState(true)
  // Only the latest load may set state, so a slow earlier answer never overwrites a newer one.
  const generation = useRef(0)

  const fetchNow = useCallback((): Promise<void> => {
    const mine = ++generation.current
    return load(db).then(
      (result) => {
        if (mine !== generation.current) return
        setData(result)
        setLoading(false)
      },
      (error: unknown) => {
        if (mine !== generation.current) return
        notifyError(failure, error)
        setLoading(false)
      },
    )
  }, [db, load, failure])

  const reload = useCallback(async () => {
    setLoading(true)
    await fetchNow()
  }, [fetchNow])

  useEffect(() => {
    void fetchNow()
  }, [fetchNow])

  return { data, loading, reload }
}
