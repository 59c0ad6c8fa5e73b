import { expect, expectToast, signUpAndSignIn, test } from './support/fixtures.ts'
import { pageReady } from './support/clients.ts'
import { DESKTOP_WIDTH, PHONE_WIDTH } from './support/layout.ts'
import { insertProperties, makePhotos, mediaPhotoRows } from './support/properties.ts'
import type { Locator, Page } from '@playwright/test'

const TITLE = 'Gallery Test House'

/** Each tile's box and its image's box and fit, in page order. */
async function tileBoxes(gallery: Locator) {
  return gallery.locator(':scope > li').evaluateAll((tiles) =>
    tiles.map((tile) => {
      const image = tile.querySelector('img')!
      const t = tile.getBoundingClientRect()
      const i = image.getBoundingClientRect()
      return { width: t.width, height: t.height, image: { width: i.width, height: i.height }, fit: getComputedStyle(image).objectFit }
    }),
  )
}

/**
 * A uniform grid: the tiles from `from` on share one size and a 4:3 shape, and every photo
 * covers its whole tile (cropped, never letterboxed), whatever its own shape.
 */
async function expectUniformGrid(gallery: Locator, from: number) {
  const boxes = await tileBoxes(gallery)
  const alike = boxes.slice(from)
  expect(alike.length).toBeGreaterThan(1)
  for (const box of alike) {
    expect(box.width).toBeCloseTo(alike[0]!.width, 0)
    expect(box.height).toBeCloseTo(alike[0]!.height, 0)
    expect(box.width / box.height).toBeCloseTo(4 / 3, 1)
  }
  for (const box of boxes) {
    expect(box.fit).toBe('cover')
    expect(box.image.width).toBeCloseTo(box.width, 0)
    expect(box.image.height).toBeCloseTo(box.height, 0)
  }
}

/** Opens the viewer from the second tile, steps through with Next and Previous, closes it. */
async function expectViewerWalk(page: Page, gallery: Locator, alts: string[]) {
  const viewer = (n: number) => page.getByRole('figure', { name: `Photo ${n} of ${alts.length}` })
  // A tile opens the viewer, not the raw image file.
  await expect(gallery.getByRole('link', { name: alts[1] })).toHaveAttribute('href', /^#photo-[0-9a-f-]{36}$/)
  await gallery.getByRole('link', { name: alts[1] }).click()
  await expect(page).toHaveURL(/#photo-[0-9a-f-]{36}$/)
  await expect(viewer(2)).toBeVisible()
  await expect(viewer(1)).toBeHidden()
  const large = viewer(2).getByRole('img', { name: alts[1] })
  await expect(large).toBeVisible()
  await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  // It covers the viewport.
  const box = await viewer(2).boundingBox()
  const viewport = page.viewportSize()!
  expect(box).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height })

  await viewer(2).getByRole('link', { name: 'Next' }).click()
  await expect(viewer(3)).toBeVisible()
  await expect(viewer(2)).toBeHidden()
  await expect(viewer(3).getByRole('link', { name: 'Next' })).toHaveCount(0)
  await viewer(3).getByRole('link', { name: 'Previous' }).click()
  await expect(viewer(2)).toBeVisible()
  await viewer(2).getByRole('link', { name: 'Previous' }).click()
  await expect(viewer(1)).toBeVisible()
  await expect(viewer(1).getByRole('link', { name: 'Previous' })).toHaveCount(0)
  await viewer(1).getByRole('link', { name: 'Close' }).click()
  await expect(page).toHaveURL(/#photo-tile-[0-9a-f-]{36}$/)
  for (const n of [1, 2, 3]) await expect(viewer(n)).toBeHidden()
  await expect(gallery).toBeVisible()
}

test('the gallery is a uniform grid with a viewer that needs no JavaScript, on the property page and the share page', async ({ page, db, browser, javaScriptEnabled }, testInfo) => {
  test.setTimeout(120_000)
  const broker = await signUpAndSignIn(page)
  const [propertyId] = await insertProperties(db, broker.email, [{ title: TITLE, status: 'active' }])
  // A landscape, a portrait and a square photo: the shapes that left holes before.
  const photos = await makePhotos(testInfo, [
    { name: 'landscape.jpg', width: 1600, height: 900, colour: '#c33' },
    { name: 'portrait.jpg', width: 900, height: 1600, colour: '#3a7' },
    { name: 'square.jpg', width: 1000, height: 1000, colour: '#36c' },
  ])
  await page.goto(`/property/${propertyId}/media`)
  await page.getByLabel('Add photos', { exact: true }).setInputFiles(photos.map((p) => p.path))
  await page.getByRole('button', { name: 'Upload photos' }).click()
  await expectToast(page, 'Added 3 photos.')
  await mediaPhotoRows(page).nth(2).getByLabel('Caption', { exact: true }).fill('Terrace at sunset')
  await mediaPhotoRows(page).nth(2).getByRole('button', { name: 'Save caption' }).click()
  await expectToast(page, 'Caption saved.')
  // Without a caption, the alt text says which photo of which listing it is.
  const alts = [`${TITLE}, photo 1`, `${TITLE}, photo 2`, 'Terrace at sunset']

  // The broker's page, on a desktop and on a phone.
  const gallery = page.getByRole('list', { name: 'Photos', exact: true })
  for (const width of [DESKTOP_WIDTH, PHONE_WIDTH]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto(`/property/${propertyId}`)
    await pageReady(page, javaScriptEnabled)
    await expect(gallery.getByRole('img')).toHaveCount(3)
    for (const [index, alt] of alts.entries()) await expect(gallery.getByRole('img').nth(index)).toHaveAttribute('alt', alt)
    await expectUniformGrid(gallery, 0)
  }
  await expectViewerWalk(page, gallery, alts)

  // The client's share page: no script at all, on a phone.
  await page.setViewportSize({ width: DESKTOP_WIDTH, height: 800 })
  await page.goto(`/property/${propertyId}`)
  await pageReady(page, javaScriptEnabled)
  await page.getByRole('button', { name: 'Create share link' }).click()
  await expectToast(page, 'Share link created. Copy it from the list below.')
  const shareUrl = await page.getByRole('textbox', { name: 'Share link' }).inputValue()
  const phoneContext = await browser.newContext({ javaScriptEnabled: false, viewport: { width: PHONE_WIDTH, height: 800 } })
  try {
    const phone = await phoneContext.newPage()
    await phone.goto(shareUrl)
    const shared = phone.getByRole('list', { name: `Photos of ${TITLE}` })
    await expect(shared.getByRole('img')).toHaveCount(3)
    for (const [index, alt] of alts.entries()) await expect(shared.getByRole('img').nth(index)).toHaveAttribute('alt', alt)
    // The cover leads, as wide as the page and 3:2; the others alike below it.
    const [cover] = await tileBoxes(shared)
    expect(cover!.width / cover!.height).toBeCloseTo(3 / 2, 1)
    expect(cover!.width).toBeCloseTo((await shared.boundingBox())!.width, 0)
    await expectUniformGrid(shared, 1)
    await expectViewerWalk(phone, shared, alts)
  } finally {
    await phoneContext.close()
  }
})
