import { expect, expectToast, signUpAndSignIn, test } from './support/fixtures.ts'
import { dealCard, dealColumn, getDealStage, insertClient, insertDeal, pageReady } from './support/clients.ts'
import { DESKTOP_WIDTH, PHONE_WIDTH } from './support/layout.ts'
import { insertProperties, makePhotos, mediaPhotoRows } from './support/properties.ts'

/**
 * Drag and drop and its keyboard way, with JavaScript only (playwright.config.ts ignores this file
 * for js-off): without it the Move forms and buttons, tested in deals.spec.ts and
 * properties.spec.ts, are all there is. Each drop and key posts the same form they post.
 */

test.describe('the deal board at 1280 px', () => {
  test.use({ viewport: { width: DESKTOP_WIDTH, height: 900 } })

  test('a deal dragged to another stage moves there; its grip moves it a stage with the arrow keys', async ({ page, db }) => {
    const broker = await signUpAndSignIn(page)
    const clientId = await insertClient(db, broker.email, { fullName: 'Drag Client' })
    const dealId = await insertDeal(db, broker.email, clientId, { title: 'Riverside sale', value: 400000, currency: 'EUR' })
    await page.goto('/deals')
    await pageReady(page, true)
    await expect(dealCard(page, dealId)).toHaveAttribute('draggable', 'true')

    await dealCard(page, dealId).dragTo(dealColumn(page, 'offer'))
    await expectToast(page, 'Moved Riverside sale to Offer.')
    await expect(dealColumn(page, 'offer').locator(`article[data-deal-id="${dealId}"]`)).toBeVisible()
    await expect(dealColumn(page, 'lead').getByText('No deals here.')).toBeVisible()
    expect(await getDealStage(db, dealId)).toBe('offer')

    // The keyboard: the grip keeps the focus as the card changes column.
    const grip = page.getByRole('button', { name: 'Drag Riverside sale' })
    await grip.focus()
    await page.keyboard.press('ArrowRight')
    await expectToast(page, 'Moved Riverside sale to Under contract.')
    await expect(dealColumn(page, 'under_contract').locator(`article[data-deal-id="${dealId}"]`)).toBeVisible()
    await expect(grip).toBeFocused()
    await page.keyboard.press('ArrowLeft')
    await expectToast(page, 'Moved Riverside sale to Offer.')
    await expect(grip).toBeFocused()
    expect(await getDealStage(db, dealId)).toBe('offer')
  })
})

for (const width of [PHONE_WIDTH, DESKTOP_WIDTH]) {
  test.describe(`the photo list at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    // Dragging is for a pointer on a wide screen (the rows are side by side with their forms
    // there); on a phone the grip's arrow keys and the Move buttons do it.
    const dragsToo = width === DESKTOP_WIDTH
    test(`photos reorder with the arrow keys on a grip${dragsToo ? ', and by dragging one onto another' : ''}`, async ({ page, db }, testInfo) => {
      test.setTimeout(90_000)
      const broker = await signUpAndSignIn(page)
      const [propertyId] = await insertProperties(db, broker.email, [{ title: 'Ordered Flat' }])
      const photos = await makePhotos(testInfo, [
        { name: 'a.jpg', width: 800, height: 600, colour: '#c33' },
        { name: 'b.jpg', width: 600, height: 800, colour: '#3c3' },
        { name: 'c.jpg', width: 640, height: 640, colour: '#33c' },
      ])
      await page.goto(`/property/${propertyId}/media`)
      await page.getByLabel('Add photos', { exact: true }).setInputFiles(photos.map((p) => p.path))
      await page.getByRole('button', { name: 'Upload photos' }).click()
      await expectToast(page, 'Added 3 photos.')
      await pageReady(page, true)
      const rows = mediaPhotoRows(page)
      const order = () => rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-photo-id')))
      const [a, b, c] = await order()

      // The third photo up one place, from its grip; the grip keeps the focus.
      const grip = page.locator(`#photo-grip-${c}`)
      await grip.focus()
      await page.keyboard.press('ArrowUp')
      await expectToast(page, 'Photo moved up.')
      await expect.poll(order).toEqual([a, c, b])
      await expect(grip).toBeFocused()
      await page.keyboard.press('ArrowUp')
      await expectToast(page, 'Photo moved up.')
      await expect.poll(order).toEqual([c, a, b])
      await expect(rows.first().getByText('Cover', { exact: true })).toBeVisible()
      await expect(grip).toHaveAccessibleName('Drag photo 1')

      if (!dragsToo) return
      // Dragged: the cover onto the last photo's place.
      await rows.first().locator('img').dragTo(rows.last())
      await expectToast(page, 'Photo moved to position 3.')
      await expect.poll(order).toEqual([a, b, c])
      const saved = await db.sql<{ id: string }[]>`select id from property_photos where property_id = ${propertyId!} order by position`
      expect(saved.map((row) => row.id)).toEqual([a, b, c])
    })
  })
}
