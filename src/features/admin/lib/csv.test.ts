import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { neutralise, toCsv } from './csv'

describe('CSV export', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    for (const cell of ['=HYPERLINK("http://evil")', '+1+2', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(neutralise(cell)).toBe(`'${cell}`)
    }
    for (const cell of ['hello', 'a=b', '', '1-2', 'mail@example.com']) expect(neutralise(cell)).toBe(cell)
  })

  it('quotes commas, quotes and line breaks, so the file reads back cell for cell', () => {
    const csv = toCsv(
      ['Name', 'Message'],
      [
        ['Ada, Lovelace', 'She said "hi"\nthen left'],
        ['=cmd', null],
      ],
    )
    const parsed = Papa.parse<string[]>(csv.trim(), { newline: '\r\n' }).data
    expect(parsed).toEqual([
      ['Name', 'Message'],
      ['Ada, Lovelace', 'She said "hi"\nthen left'],
      ["'=cmd", ''],
    ])
  })
})
