// Views per day, drawn with recharts (loaded with this module only, see dashboard.tsx). The figures are also in a
// visually hidden table for screen readers, so the drawing is hidden from them and kept out of the
// tab order (recharts' keyboard layer would otherwise make a focusable element inside aria-hidden).
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { formatZoned } from '~/lib/zoned-time'
import type { DailyViews } from '../api/dashboard-figures'

// A calendar date without a time of day: read at UTC midnight and shown in UTC, it keeps its date
// in every browser.
function label(day: string): string {
  return formatZoned(`${day}T00:00:00Z`, 'UTC', 'day')
}

export function ViewsChart({ data }: { data: DailyViews[] }) {
  const rows = data.map((row) => ({ ...row, label: label(row.day) }))
  return (
    <figure>
      <div className="h-48 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={{ fontSize: 11, fill: '#64748b' }} interval="preserveStartEnd" tickLine={false} axisLine={false} minTickGap={16} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: '#64748b' }} tickLine={false} axisLine={false} />
            <Tooltip cursor={{ fill: '#f1f5f9' }} isAnimationActive={false} />
            <Bar dataKey="views" name="Views" fill="var(--color-brand-primary)" radius={[2, 2, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">Page views per day over the last {data.length} days</figcaption>
      <table className="sr-only">
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Views</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.day}>
              <td>{row.label}</td>
              <td>{row.views}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
