import sharp from 'sharp'
import { insertShare } from './support/a11y.ts'
import { formWithButton } from './support/clients.ts'
import { expect, expectToast, signUpAndSignIn, test } from './support/fixtures.ts'
import { insertProperties } from './support/properties.ts'

/**
 * Issue 26, the agency's identity: an owner names the agency and uploads its logo on /agency
 * (plain forms, a multipart upload), and the client's share page shows them above the broker's
 * card at once; removing the logo takes it off the page. JavaScript on and off.
 */
test('an owner uploads the agency’s logo on /agency and a client sees it with the agency’s details on a share page', async ({ page, browser, db, javaScriptEnabled }) => {
  test.setTimeout(90_000)
  const broker = await signUpAndSignIn(page)
  const [propertyId] = await insertProperties(db, broker.email, [{ title: 'Harbour View Apartment', city: 'Lisbon', status: 'active' }])
  const sharePath = `/preview/${await insertShare(db, broker.email, { propertyId: propertyId! })}`

  await page.goto('/agency')
  const details = formWithButton(page, 'Save agency details')
  await details.getByRole('textbox', { name: 'Agency name' }).fill('Costa Homes')
  await details.getByRole('textbox', { name: 'Address' }).fill('Rua Augusta 100, 1100-053 Lisboa')
  await details.getByRole('textbox', { name: 'Website' }).fill('https://costa-homes.example')
  await details.getByRole('button', { name: 'Save agency details' }).click()
  await expectToast(page, 'Agency details saved.')

  // A wordmark-shaped PNG with a transparent background, as agencies' logos come.
  const logo = await sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: { create: { width: 300, height: 100, channels: 4, background: '#0b6e4f' } }, gravity: 'centre' }])
    .png()
    .toBuffer()
  await page.getByLabel('Upload a logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo })
  await page.getByRole('button', { name: 'Save logo' }).click()
  await expectToast(page, 'Logo saved.')
  await expect(page).toHaveURL(/\/agency$/)
  const onAgencyPage = page.locator('img[src^="/logos/"]')
  await expect(onAgencyPage).toHaveAttribute('src', /^\/logos\/[0-9a-f]{32}\/96$/)
  const logoSrc = (await onAgencyPage.getAttribute('src'))!

  // The client: no session, the browser the project gives (JavaScript on or off).
  const context = await browser.newContext({ javaScriptEnabled })
  try {
    const client = await context.newPage()
    await client.goto(sharePath)
    const card = client.getByRole('region', { name: 'Your broker' })
    const image = card.locator(`img[src="${logoSrc}"]`)
    await expect(image).toBeVisible()
    // Really loaded: the 96 px-high file, as wide as its shape.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth, img.naturalHeight])).toEqual([true, 288, 96])
    await expect(card.getByText('Costa Homes', { exact: true })).toBeVisible()
    await expect(card.getByText('Rua Augusta 100, 1100-053 Lisboa', { exact: true })).toBeVisible()
    await expect(card.getByRole('link', { name: 'costa-homes.example' })).toHaveAttribute('href', 'https://costa-homes.example')
    await expect(card.getByText(broker.fullName, { exact: true })).toBeVisible()
    await expect(client).toHaveTitle('Harbour View Apartment · Costa Homes')

    // Removed on /agency: gone from the client's next view of the page.
    await page.getByRole('button', { name: 'Remove logo' }).click()
    await expectToast(page, 'Logo removed.')
    await client.reload()
    await expect(card.getByText('Costa Homes', { exact: true })).toBeVisible()
    await expect(card.locator('img[src^="/logos/"]')).toHaveCount(0)
  } finally {
    await context.close()
  }
})
