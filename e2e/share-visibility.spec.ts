import { expect, expectToast, signUpAndSignIn, test } from './support/fixtures.ts'
import { insertClient, insertListingItem, pageReady } from './support/clients.ts'
import { E2E_BASE_URL } from './support/env.ts'
import { insertProperties } from './support/properties.ts'

const SHARE_URL = new RegExp(`^${E2E_BASE_URL}/client-listing/[A-Za-z0-9_-]{22}$`)

/**
 * Issue 8.12: a share link never shows a draft or an off-market property, the broker's pages say
 * which items are hidden and why, and a link that would show nothing cannot be made. Runs with
 * JavaScript off (plain forms, the browser's constraint validation on) and on.
 */
test('share links leave out drafts and off-market properties, and say why to the broker', async ({ page, db, browser, javaScriptEnabled }) => {
  test.setTimeout(90_000)
  const broker = await signUpAndSignIn(page)
  const [activeId, draftId, offMarketId] = await insertProperties(db, broker.email, [
    { title: 'Harbour Studio', city: 'Lisbon', status: 'active' },
    { title: 'Unfinished Loft', city: 'Lisbon', status: 'draft' },
    { title: 'Quiet Penthouse', city: 'Porto', status: 'off_market' },
  ])
  const clientId = await insertClient(db, broker.email, { fullName: 'Rita Costa' })
  for (const id of [activeId!, draftId!, offMarketId!]) await insertListingItem(db, broker.email, clientId, id)

  // The broker's shortlist page names the two hidden items and the reason.
  await page.goto(`/client/${clientId}/listing`)
  await expect(page.getByText("2 of 3 properties are hidden from Rita Costa's link", { exact: false })).toBeVisible()
  await expect(page.getByText('Hidden from the client · Draft', { exact: true })).toBeVisible()
  await expect(page.getByText('Hidden from the client · Off market', { exact: true })).toBeVisible()
  await expect(page.getByText('Drafts are never shown to clients.', { exact: true })).toBeVisible()

  // A link for the list: its whole URL in a read-only field, with a Copy button only with script.
  const panel = page.getByRole('region', { name: 'Share links' })
  await pageReady(page, javaScriptEnabled)
  await panel.getByRole('button', { name: 'Create share link' }).click()
  await expectToast(page, 'Share link created. Copy it from the list below.')
  const linkField = panel.getByRole('textbox', { name: 'Share link' })
  await expect(linkField).toHaveValue(SHARE_URL)
  await expect(linkField).toHaveAttribute('readonly', '')
  const box = await linkField.boundingBox()
  const fieldWidth = await linkField.evaluate((el) => ({ client: el.clientWidth, scroll: el.scrollWidth }))
  expect(box?.width, 'the field is on screen').toBeGreaterThan(100)
  expect(fieldWidth.scroll, 'the whole URL fits the field (it wraps, no hidden part)').toBeLessThanOrEqual(fieldWidth.client)
  await expect(panel.getByRole('button', { name: 'Copy link' })).toHaveCount(javaScriptEnabled ? 1 : 0)
  const shareUrl = await linkField.inputValue()

  // The client sees the active property only, on a phone with JavaScript off.
  const clientContext = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } })
  try {
    const phone = await clientContext.newPage()
    expect((await phone.goto(shareUrl))?.status()).toBe(200)
    await expect(phone.getByRole('heading', { name: 'Harbour Studio' })).toBeVisible()
    await expect(phone.getByText('Unfinished Loft')).toHaveCount(0)
    await expect(phone.getByText('Quiet Penthouse')).toHaveCount(0)
    await expect(phone.getByText('1 property chosen by', { exact: false })).toBeVisible()
  } finally {
    await clientContext.close()
  }

  // The broker's own preview of a hidden item explains instead of showing it.
  await page.goto(`/client/${clientId}/listing/${offMarketId}`)
  await expect(page.getByText('Rita Costa does not see this property on a shared link (status: Off market).', { exact: false })).toBeVisible()

  // A draft property: no new link, and the panel says why.
  await page.goto(`/property/${draftId}`)
  const propertyPanel = page.getByRole('region', { name: 'Share links' })
  await expect(propertyPanel.getByText('Drafts and off-market properties are never shown to clients.', { exact: false })).toBeVisible()
  await expect(propertyPanel.getByRole('button', { name: 'Create share link' })).toHaveCount(0)

  // An empty shortlist cannot be shared either.
  const emptyClientId = await insertClient(db, broker.email, { fullName: 'Nuno Dias' })
  await page.goto(`/client/${emptyClientId}/listing`)
  const emptyPanel = page.getByRole('region', { name: 'Share links' })
  await expect(emptyPanel.getByText('Add at least one property to the shortlist before sharing it.', { exact: false })).toBeVisible()
  await expect(emptyPanel.getByRole('button', { name: 'Create share link' })).toHaveCount(0)
})
