import type { RetentionPeriods } from '~/entities/site-settings'

/** "30 days", "6 months", "2 years": the period as a reader thinks of it. */
export function periodText(days: number): string {
  if (days % 365 === 0) return days === 365 ? '1 year' : `${days / 365} years`
  if (days % 30 === 0 && days >= 60) return `${days / 30} months`
  return days === 1 ? '1 day' : `${days} days`
}

/** How long each kind of personal data is kept, from the settings the daily retention run applies. */
export function RetentionTable({ periods }: { periods: RetentionPeriods }) {
  const rows: [string, number][] = [
    ['Contact form messages', periods.contactMessages],
    ['Job applications and CVs', periods.applications],
    ['Job applications and CVs you let us keep for future roles', periods.futureRoles],
    ['Newsletter addresses after unsubscribing', periods.unsubscribed],
    ['Newsletter sign-ups never confirmed', 7],
  ]
  return (
    <section aria-labelledby="retention-heading" className="prose-content mx-auto mt-10 max-w-3xl">
      <h2 id="retention-heading">How long we keep your data</h2>
      <p>These periods are applied automatically every day; after them the data is deleted.</p>
      <table>
        <thead>
          <tr>
            <th scope="col">Data</th>
            <th scope="col">Kept for</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([what, days]) => (
            <tr key={what}>
              <td>{what}</td>
              <td>{periodText(days)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
