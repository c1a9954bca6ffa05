// CSV exports of leads. papaparse does the quoting; cells that a spreadsheet would read as a formula
// (starting with =, +, -, @, or a tab or carriage return that hides one) get a leading apostrophe,
// so an exported message can never run as a formula when the file is opened (CSV injection).
import Papa from 'papaparse'
import { adminDb } from './admin-db'
import { notifyError } from './notify'
import { logPersonalDataRead, type PersonalDataRead } from './personal-data'

const FORMULA_START = /^[=+\-@\t\r]/

export function neutralise(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell
}

export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  const safe = rows.map((row) => row.map((cell) => neutralise(cell === null || cell === undefined ? '' : String(cell))))
  return Papa.unparse({ fields: header, data: safe }, { newline: '\r\n' })
}

/** Hands the CSV to the browser as a file download. */
export function downloadCsv(fileName: string, csv: string): void {
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  const blob = new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** A CSV of personal data: recorded in the activity log first, and not handed over if that fails. */
export async function exportCsv(fileName: string, csv: string, kind: PersonalDataRead): Promise<void> {
  try {
    await logPersonalDataRead(await adminDb(), kind)
  } catch (error) {
    notifyError('Failed to export', error)
    return
  }
  downloadCsv(fileName, csv)
}

export function today(): string {
  return new Date().toISOString().slice(0, 10)
}
