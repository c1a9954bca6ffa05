// CSV exports of leads. papaparse does the quoting; cells that a spreadsheet would read as a formula
// (starting with =, +, -, @, or a tab or carriage return that hides one) get a leading apostrophe,
// so an exported message can never run as a formula when the file is opened (CSV injection).
import Papa from 'papaparse'
import { useAdminAction } from './use-admin-action'

const FORMULA_START = /^[=+\-@\t\r]/

export function neutralise(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell
}

export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  const safe = rows.map((row) => row.map((cell) => neutralise(cell === null || cell === undefined ? '' : String(cell))))
  return Papa.unparse({ fields: header, data: safe }, { newline: '\r\n' })
}

/** The CSV as a file in this page's memory, to download from its address. */
export function csvFile(csv: string): string {
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  return URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }))
}

/** Hands a file made by csvFile to the browser as a download, then lets it go. */
export function downloadFile(fileName: string, url: string): void {
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/**
 * A CSV of personal data: the screen's `export` intent records it in the activity log first, and the
 * file is not handed over if that fails.
 */
export function useCsvExport(): (fileName: string, csv: string) => Promise<void> {
  const action = useAdminAction()
  return async (fileName, csv) => {
    if ((await action.submit({ intent: 'export' })).ok) downloadFile(fileName, csvFile(csv))
  }
}

export function today(): string {
  return new Date().toISOString().slice(0, 10)
}
