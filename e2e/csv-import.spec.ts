import { expect, signUpAndSignIn, test } from './support/fixtures.ts'

const CSV = [
  'ListingId;Title;PropertyType;PropertySubType;ListPrice;StandardStatus;City',
  'E2E-1;Harbour loft;Residential;Apartment;310.000,00;Active;Porto',
  'E2E-2;Garden house;Residential;Single Family Residence;450000;Incomplete;Braga',
  'E2E-3;;Residential;Apartment;1;Active;Faro',
].join('\r\n')

test('a CSV upload shows its preview, and confirming it adds the properties', async ({ page }) => {
  await signUpAndSignIn(page)
  await page.goto('/properties')
  await page.getByRole('link', { name: 'Import', exact: true }).click()
  await expect(page).toHaveURL(/\/properties\/import$/)
  await page.getByLabel('File').setInputFiles({ name: 'listings.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${CSV}`) })
  await page.getByRole('button', { name: 'Upload and preview' }).click()

  await expect(page).toHaveURL(/\/imports\/[0-9a-f-]{36}$/)
  const summary = page.getByRole('list', { name: 'Import summary' })
  await expect(summary).toContainText('3 rows read')
  await expect(summary).toContainText('2 properties will be imported')
  await expect(summary).toContainText('Your plan has room for 5 more properties.')
  await expect(page.getByRole('row', { name: /^4 Title Title is required$/ })).toBeVisible()

  await page.getByRole('button', { name: 'Import 2 properties' }).click()
  await expect(page).toHaveURL(/\/properties$/)
  await expect(page.getByText('Imported 2 properties.')).toBeVisible()
  await expect(page.getByRole('link', { name: /Harbour loft/ })).toBeVisible()
  await expect(page.getByRole('link', { name: /Garden house/ })).toBeVisible()
})
