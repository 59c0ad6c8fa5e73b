import type { Page, Request } from '@playwright/test'
import { expect, expectToast, signUpAndSignIn, test } from './support/fixtures.ts'
import { countPhotos, fillPropertyForm, insertProperties, makePhotos, mediaPhotoRows, PROPERTY_URL, propertyForm } from './support/properties.ts'

/**
 * Issue 14, app JavaScript: a first load downloads none of the app's JavaScript; the broker's
 * first sign of use (here a pointer move, a key) loads it and hydrates the page, and what was
 * typed meanwhile stays. JavaScript-on project only (with it off there is nothing to load).
 * These pages are loaded untouched: no pointer move on load (e2e/support/hydration.ts).
 */
test.use({ hydrateOnLoad: false })

const hydrated = (page: Page) => page.evaluate(() => typeof (window as { trialExpired?: unknown }).trialExpired === 'boolean')

function scriptRequests(page: Page) {
  const seen: string[] = []
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'script') seen.push(new URL(request.url()).pathname)
  })
  return seen
}

test('a first load fetches no app JavaScript; a pointer move hydrates the page and links then move within it', async ({ page }) => {
  await signUpAndSignIn(page)
  const scripts = scriptRequests(page)
  await page.goto('/properties')
  await expect(page.getByRole('heading', { level: 1, name: 'Properties' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(scripts).toEqual([])
  expect(await hydrated(page)).toBe(false)
  await expect(page.locator('script[type="bv-deferred-module"]')).toHaveCount(1)

  await page.mouse.move(200, 200)
  await page.mouse.move(220, 240)
  await expect.poll(() => hydrated(page)).toBe(true)
  expect(scripts.some((path) => /^\/assets\/entry\.client-[\w-]+\.js$/.test(path))).toBe(true)

  // Hydrated: a link is a client-side move, the document stays the same.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }))
  await page.getByRole('link', { name: 'Deals' }).first().click()
  await expect(page).toHaveURL(/\/deals$/)
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
})

test('typing into a form before it has hydrated keeps every character, and the save goes through', async ({ page }) => {
  await signUpAndSignIn(page)
  await page.goto('/property/new/residential')
  await expect(page.getByRole('heading', { level: 1, name: 'New residential property' })).toBeVisible()
  expect(await hydrated(page)).toBe(false)

  // Focusing the title is the first sign of use; the keys arrive while the app loads.
  const title = 'Typed Before Hydration Villa'
  await page.getByLabel('Title', { exact: true }).pressSequentially(title, { delay: 15 })
  await expect.poll(() => hydrated(page)).toBe(true)
  await expect(propertyForm(page, 'Create property')).toHaveAttribute('novalidate', '')
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)

  await fillPropertyForm(page, { Type: 'House', Purpose: 'For sale', Price: '320000', Currency: 'EUR', City: 'Porto' })
  await page.getByRole('button', { name: 'Create property' }).click()
  await expect(page).toHaveURL(PROPERTY_URL)
  await expectToast(page, 'Property created.')
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
})

test('a delete confirmation loaded as a page stays in place when the pointer on its way to "Delete photo" hydrates it', async ({ page, db }, testInfo) => {
  const broker = await signUpAndSignIn(page)
  const [propertyId] = await insertProperties(db, broker.email, [{ title: 'Steady Flat' }])
  const [photo] = await makePhotos(testInfo, [{ name: 'steady.jpg', width: 800, height: 600, colour: '#3a6' }])
  await page.goto(`/property/${propertyId}/media`)
  await page.getByLabel('Add photos', { exact: true }).setInputFiles([photo!.path])
  await page.getByRole('button', { name: 'Upload photos' }).click()
  await expectToast(page, 'Added 1 photo.')
  const confirmHref = await mediaPhotoRows(page).nth(0).getByRole('link', { name: 'Delete photo 1' }).getAttribute('href')

  // As a tap on "Delete" before hydration leaves it: the confirmation as a page of its own.
  await page.goto(confirmHref!)
  expect(await hydrated(page)).toBe(false)
  const dialog = page.getByRole('dialog', { name: 'Delete this photo?' })
  const confirm = dialog.getByRole('button', { name: 'Delete photo' })
  const before = await confirm.boundingBox()

  // The pointer on its way to the button starts hydration; the button does not move.
  await page.mouse.move(before!.x - 40, before!.y - 40)
  await expect.poll(() => hydrated(page)).toBe(true)
  expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(false)
  expect(await confirm.boundingBox()).toEqual(before)

  await confirm.click()
  await expectToast(page, 'Photo moved to the trash.')
  expect(await countPhotos(db, propertyId!)).toBe(0)
})

test('a share link’s row does not move when hydration adds its Copy link button', async ({ page, db }) => {
  const broker = await signUpAndSignIn(page)
  const [propertyId] = await insertProperties(db, broker.email, [{ title: 'Still Loft', city: 'Lisbon', status: 'active' }])
  await page.goto(`/property/${propertyId}`)
  await page.getByRole('button', { name: 'Create share link' }).click()
  await expect(page.locator('textarea[id^="share-url-"]')).toHaveCount(1)

  await page.goto(`/property/${propertyId}`)
  expect(await hydrated(page)).toBe(false)
  await expect(page.getByRole('button', { name: 'Copy link' })).toHaveCount(0)
  const revoke = page.getByRole('button', { name: 'Revoke' })
  const before = await revoke.boundingBox()

  await page.keyboard.press('Shift')
  await expect.poll(() => hydrated(page)).toBe(true)
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible()
  expect(await revoke.boundingBox()).toEqual(before)
})
