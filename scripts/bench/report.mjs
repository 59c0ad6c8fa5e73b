// The summary: one row per metric with its value, its reference (measured in the same run),
// the ratio, the goal and PASS/FAIL. A goal applies to the ratio when the row has a reference,
// else to the value itself. Rows without a goal are figures to follow ("—").
// Row: { section, metric, value, unit, reference, ratio, goal: { atLeast } | { atMost } | null, also? }

export function judge(row) {
  if (!row.goal) return { ...row, result: '—' }
  const measured = row.reference !== null && row.reference !== undefined ? row.ratio : row.value
  if (measured === null || measured === undefined) return { ...row, result: 'n/a' }
  // `also`: a condition the goal needs besides the bound (e.g. no external stylesheet at all).
  const pass = (row.also ?? true) && ('atLeast' in row.goal ? measured >= row.goal.atLeast : measured <= row.goal.atMost)
  return { ...row, result: pass ? 'PASS' : 'FAIL' }
}

function goalText(row) {
  if (!row.goal) return '—'
  const [op, bound] = 'atLeast' in row.goal ? ['≥', row.goal.atLeast] : ['≤', row.goal.atMost]
  return row.reference !== null && row.reference !== undefined ? `${op} ${bound.toFixed(1)}×` : `${op} ${bound} ${row.unit}`
}

const show = (value, unit) => (value === null || value === undefined ? '—' : `${value} ${unit}`.trim())

export function printSummary(rows) {
  const header = ['section', 'metric', 'value', 'reference', 'ratio', 'goal', 'result']
  const body = rows.map((row) => [
    row.section,
    row.metric,
    show(row.value, row.unit),
    show(row.reference, row.unit),
    row.ratio === null || row.ratio === undefined ? '—' : `${row.ratio}×`,
    goalText(row),
    row.result,
  ])
  const table = [header, ...body]
  const widths = header.map((_, i) => Math.max(...table.map((r) => String(r[i]).length)))
  const line = (r) => r.map((cell, i) => (i >= 2 && i <= 4 ? String(cell).padStart(widths[i]) : String(cell).padEnd(widths[i]))).join('  ')
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`)
  for (const r of body) console.log(line(r))
}

/** The same table as Markdown, for pasting into an issue or a closing note. */
export function markdownSummary(rows) {
  const lines = ['| section | metric | value | reference | ratio | goal | result |', '|---|---|---:|---:|---:|---|---|']
  for (const row of rows) {
    const ratio = row.ratio === null || row.ratio === undefined ? '—' : `${row.ratio}×`
    lines.push(`| ${row.section} | ${row.metric} | ${show(row.value, row.unit)} | ${show(row.reference, row.unit)} | ${ratio} | ${goalText(row)} | ${row.result} |`)
  }
  return lines.join('\n')
}
