import { describe, expect, it } from 'vitest'
import { signedInBroker, type TestBrowser } from '#tests/support/app.ts'

/** Uploads a CSV to an import form and opens its preview; returns the preview's path and HTML. */
async function preview(browser: TestBrowser, kind: 'properties' | 'clients', csv: string) {
  const form = new FormData()
  form.set('file', new File([csv], 'file.csv', { type: 'text/csv' }))
  const response = await browser.postMultipart(`/${kind}/import`, form)
  expect(response.status, await response.clone().text()).toBe(302)
  const path = response.headers.get('Location')!
  return { path, html: await (await browser.get(path)).text() }
}

/** The preview table's row for a file row, as text. */
function rowText(html: string, row: number) {
  const at = html.indexOf(`data-row="${row}"`)
  if (at < 0) return null
  const start = html.indexOf('>', at) + 1
  return html.slice(start, html.indexOf('</tr>', start)).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()
}

describe('the import preview lists the rows with every problem', () => {
  it('reports every problem of a property row, not the first (a bad price beside an unknown type)', async () => {
    const { browser } = await signedInBroker()
    const csv = [
      'ListingId,title,type,ListPrice,City,status,YearBuilt',
      'A-1,Sunny flat,apartment,250000,Lisbon,active,1990',
      'A-2,Odd place,spaceship,abc,Porto,sleeping,1990',
      'A-3,,house,-5,Braga,active,3000',
      'A-1,Same code,apartment,1,Faro,active,',
    ].join('\n')
    const { path, html } = await preview(browser, 'properties', csv)
    expect(rowText(html, 2)).toBe('2 A-1 Sunny flat apartment 250000 Lisbon Will be imported')
    const second = rowText(html, 3)!
    expect(second).toContain('3 A-2 Odd place spaceship abc Porto Not imported: 3 problems')
    for (const problem of ['type: Unknown type “spaceship”', 'status: Unknown status “sleeping”', 'ListPrice: Price must be a number']) expect(second).toContain(problem)
    const third = rowText(html, 4)!
    expect(third).toContain('Not imported: 3 problems')
    for (const problem of ['title: Title is required', 'ListPrice: Price cannot be negative', 'YearBuilt: Year built must be']) expect(third).toContain(problem)
    expect(rowText(html, 5)).toContain('Skipped: ListingId “A-1” is a duplicate of row 2')
    expect(html).toContain('data-count="errors">6 problems')
    for (const text of ['All rows (4)', 'With problems (2)', 'Duplicates (1)']) expect(html).toContain(text)

    // Only the rows with problems.
    const problems = await (await browser.get(`${path}?rows=problems`)).text()
    expect([2, 3, 4, 5].map((row) => rowText(problems, row) !== null)).toEqual([false, true, true, false])
    const duplicates = await (await browser.get(`${path}?rows=duplicates`)).text()
    expect([2, 3, 4, 5].map((row) => rowText(duplicates, row) !== null)).toEqual([false, false, false, true])
  })

  it('reports every problem of a client row, and pages the rows a hundred at a time', async () => {
    const { browser } = await signedInBroker()
    const lines = ['FirstName,LastName,Email,Stage,Min budget']
    lines.push(',,not-an-email,sleeping,lots')
    for (let i = 0; i < 150; i++) lines.push(`Person,${i},person${i}@example.com,new,1000`)
    const { path, html } = await preview(browser, 'clients', lines.join('\n'))
    const bad = rowText(html, 2)!
    expect(bad).toContain('Not imported: 4 problems')
    for (const problem of ['Stage: Unknown stage “sleeping”', 'FullName: Full name is required', 'Min budget: Minimum budget must be a number', 'Email:']) expect(bad).toContain(problem)
    expect(rowText(html, 3)).toBe('3 Person 0 person0@example.com new Will be imported')
    expect(rowText(html, 101)).not.toBeNull()
    expect(rowText(html, 102)).toBeNull()
    expect(html).toContain('Page 1 of 2')
    const second = await (await browser.get(`${path}?page=2`)).text()
    expect(rowText(second, 102)).toBe('102 Person 99 person99@example.com new Will be imported')
    expect(rowText(second, 152)).not.toBeNull()
  })
})
