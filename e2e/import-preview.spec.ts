import { expect, signUpAndSignIn, test } from './support/fixtures.ts'
import { expectNoAxeViolations, injectAxe } from './support/a11y.ts'
import { DESKTOP_WIDTH, expectNoSidewaysScroll, PHONE_WIDTH } from './support/layout.ts'

/**
 * Issue 25, item 9: the import preview lists the file's rows, each with what becomes of it and
 * every problem it has (a bad price beside an unknown type is reported too).
 */
const CSV = [
  'ListingId,Title,type,ListPrice,City,status',
  'R-1,Harbour loft,apartment,310000,Porto,active',
  'R-2,Odd place,spaceship,abc,Braga,sleeping',
  'R-1,Harbour copy,apartment,1,Faro,active',
].join('\n')

for (const width of [PHONE_WIDTH, DESKTOP_WIDTH]) {
  test(`the preview lists every row with every problem (${width} px)`, async ({ page, javaScriptEnabled }) => {
    await page.setViewportSize({ width, height: 900 })
    await signUpAndSignIn(page)
    await page.goto('/properties/import')
    await page.getByLabel('File').setInputFiles({ name: 'listings.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) })
    await page.getByRole('button', { name: 'Upload and preview' }).click()
    await expect(page).toHaveURL(/\/imports\/[0-9a-f-]{36}$/)

    const rows = page.getByTestId('import-rows')
    await expect(rows.getByRole('row')).toHaveCount(4)
    await expect(rows.locator('tr[data-row="2"]')).toContainText('Will be imported')
    const bad = rows.locator('tr[data-row="3"]')
    await expect(bad).toContainText('Not imported: 3 problems')
    await expect(bad.getByRole('listitem')).toHaveText(['type: Unknown type “spaceship”', 'status: Unknown status “sleeping”', 'ListPrice: Price must be a number'])
    await expect(rows.locator('tr[data-row="4"]')).toContainText('Skipped: ListingId “R-1” is a duplicate of row 2')
    await expectNoSidewaysScroll(page, `the import preview at ${width} px`)
    if (javaScriptEnabled) {
      await injectAxe(page)
      await expectNoAxeViolations(page, `the import preview at ${width} px`)
    }

    await page.getByRole('navigation', { name: 'Which rows' }).getByRole('link', { name: 'With problems (1)' }).click()
    await expect(page).toHaveURL(/\?rows=problems$/)
    await expect(rows.locator('tbody tr')).toHaveCount(1)
    await expect(rows.locator('tr[data-row="3"]')).toBeVisible()
    await page.getByRole('button', { name: 'Import 1 property' }).click()
    await expect(page).toHaveURL(/\/properties$/)
    await expect(page.getByText('Imported 1 property.')).toBeVisible()
  })
}
