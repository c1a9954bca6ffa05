import { solutionMessages as m, type Solution, type SolutionValues } from '~/entities/solution'
import { unwrap, type Db, versioned } from '~/lib/supabase'

/** Every solution, newest first (the admin's order). */
export async function listSolutions(db: Db): Promise<Solution[]> {
  return unwrap(await db.from('solutions').select('*').order('created_at', { ascending: false }), m.fetchFailed)
}

export async function createSolution(db: Db, values: SolutionValues): Promise<void> {
  unwrap(await db.from('solutions').insert(values).select('id').single(), m.createFailed)
}

export async function updateSolution(db: Db, id: string, values: SolutionValues, version?: string): Promise<void> {
  unwrap(
    await db
      .from('solutions')
      .update({ ...values, ...versioned(version) })
      .eq('id', id)
      .select('id')
      .single(),
    m.updateFailed,
  )
}

export async function deleteSolution(db: Db, id: string): Promise<void> {
  unwrap(await db.from('solutions').delete().eq('id', id).select('id').single(), m.deleteFailed)
}
