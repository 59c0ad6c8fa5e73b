import { expect, expectToast, signUpAndSignIn, test } from './support/fixtures.ts'
import { pageReady } from './support/clients.ts'
import { insertProperties, makePhotos } from './support/properties.ts'

const TITLE = 'Phone Test House'
const PHOTOS = 20

test('a share page on a phone loads only its first screen of photos: the 640w cover and six 320w tiles', async ({ page, db, browser, javaScriptEnabled }, testInfo) => {
  test.setTimeout(120_000)
  const broker = await signUpAndSignIn(page)
  const [propertyId] = await insertProperties(db, broker.email, [{ title: TITLE, status: 'active' }])
  // Wide enough for every stored width (320, 640 and 1280 px).
  const photos = await makePhotos(
    testInfo,
    Array.from({ length: PHOTOS }, (_, i) => ({ name: `room-${i}.jpg`, width: 1300, height: 975, colour: `#${(0x203040 + i * 0x060504).toString(16)}` })),
  )
  await page.goto(`/property/${propertyId}/media`)
  await page.getByLabel('Add photos', { exact: true }).setInputFiles(photos.map((p) => p.path))
  await page.getByRole('button', { name: 'Upload photos' }).click()
  await expectToast(page, `Added ${PHOTOS} photos.`)
  await page.goto(`/property/${propertyId}`)
  await pageReady(page, javaScriptEnabled)
  await page.getByRole('button', { name: 'Create share link' }).click()
  await expectToast(page, 'Share link created. Copy it from the list below.')
  const shareUrl = await page.getByRole('textbox', { name: 'Share link' }).inputValue()

  const phoneContext = await browser.newContext({ javaScriptEnabled, viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true })
  try {
    const phone = await phoneContext.newPage()
    const fetched: string[] = []
    phone.on('request', (request) => {
      const url = new URL(request.url())
      // /media/{id}/{variant}/{tag}.webp: the variant is the third segment.
      if (url.pathname.startsWith('/media/')) fetched.push(url.pathname.split('/')[3]!)
    })
    await phone.goto(shareUrl, { waitUntil: 'networkidle' })
    const shown = phone.getByRole('list', { name: `Photos of ${TITLE}` })
    await expect(shown.getByRole('img')).toHaveCount(7)
    await expect.poll(() => shown.getByRole('img').evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete))).toBe(true)
    expect(fetched.sort()).toEqual(['medium', ...Array(6).fill('thumb')])

    // The rest wait, folded, until the client asks for them.
    await phone.getByText(`Show ${PHOTOS - 7} more photos`, { exact: true }).click()
    const more = phone.getByRole('list', { name: `More photos of ${TITLE}` })
    await expect(more.getByRole('img')).toHaveCount(PHOTOS - 7)
    await more.getByRole('img').last().scrollIntoViewIfNeeded()
    await expect.poll(() => fetched.length).toBe(PHOTOS)
    expect(fetched.filter((variant) => variant === 'thumb')).toHaveLength(PHOTOS - 1)
  } finally {
    await phoneContext.close()
  }
})
