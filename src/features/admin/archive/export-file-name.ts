/** An export's file name: the period's first and last days, in UTC as the export states its times. */
export function exportFileName(from: string, to: string): string {
  return `publication-record-${from.slice(0, 10)}-to-${to.slice(0, 10)}.zip`
}
