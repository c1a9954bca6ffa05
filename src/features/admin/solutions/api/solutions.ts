import { solutionMessages as m, type Solution, type SolutionValues } from '~/entities/solution'
import { unwrap, unwrapOptional, type Db, versioned } from '~/lib/supabase'

/** Every solution, newest first (the admin's order). */
export async function listSolutions(db: Db): Promise<Solution[]> {
  return unwrap(await db.from('solutions').select('*').order('created_at', { ascending: false }), m.fetchFailed)
}

/** One solution, or null when there is none with that id. */
export async function getSolution(db: Db, id: string): Promise<Solution | null> {
  return unwrapOptional(await db.from('solutions').select('*').eq('id', id).maybeSingle(), m.fetchFailed)
}

export async function createSolution(db: Db, values: SolutionValues): Promise<string> {
  return unwrap<{ id: string }>(await db.from('solutions').insert(values).select('id').single(), m.createFailed).id
}

export async function updateSolution(db: Db, id: string, values: SolutionValues, version?: string): Promise<string> {
  return unwrap<{ updated_at: string }>(
    await db
      .from('solutions')
      .update({ ...values, ...versioned(version) })
      .eq('id', id)
      .select('updated_at')
      .single(),
    m.updateFailed,
  ).updated_at
}

export async function deleteSolution(db: Db, id: string): Promise<void> {
  unwrap(await db.from('solutions').delete().eq('id', id).select('id').single(), m.deleteFailed)
}
