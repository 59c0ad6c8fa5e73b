import { expect, expectToast, signUpAndSignIn, test } from './support/fixtures.ts'
import { pageReady } from './support/clients.ts'
import type { E2EDatabase } from './support/db.ts'
import { countPhotos, insertProperties, makePhotos, mediaPhotoRows } from './support/properties.ts'

/** The property's documents, not counting those in the trash. */
async function countDocuments(db: E2EDatabase, propertyId: string): Promise<number> {
  const [row] = await db.sql<{ count: number }[]>`select count(*)::int as count from property_documents where property_id = ${propertyId} and deleted_at is null`
  return row?.count ?? 0
}

test('photo and document deletes ask first: a confirmation page without JavaScript, a dialog with it', async ({ page, db, javaScriptEnabled }, testInfo) => {
  test.setTimeout(90_000)
  const broker = await signUpAndSignIn(page)
  const [propertyId] = await insertProperties(db, broker.email, [{ title: 'Careful Flat' }])
  const mediaUrl = `/property/${propertyId}/media`
  const [first, second] = await makePhotos(testInfo, [
    { name: 'first.jpg', width: 800, height: 600, colour: '#c33' },
    { name: 'second.jpg', width: 600, height: 800, colour: '#36c' },
  ])
  await page.goto(mediaUrl)
  await page.getByLabel('Add photos', { exact: true }).setInputFiles([first!.path, second!.path])
  await page.getByRole('button', { name: 'Upload photos' }).click()
  await expectToast(page, 'Added 2 photos.')
  await page.getByLabel('Title', { exact: true }).fill('Floor plan')
  await page.getByLabel('File', { exact: true }).setInputFiles(first!.path)
  await page.getByRole('button', { name: 'Upload document' }).click()
  await expectToast(page, 'Added “Floor plan”.')

  const photoDialog = page.getByRole('dialog', { name: 'Delete this photo?' })
  const deleteSecond = mediaPhotoRows(page).nth(1).getByRole('link', { name: 'Delete photo 2' })
  const expectConfirmation = async (dialog: typeof photoDialog, query: RegExp) => {
    await expect(dialog).toBeVisible()
    await expect(page).toHaveURL(query)
    // With JavaScript the step is a modal dialog over the page; without, part of the page.
    expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(javaScriptEnabled)
    if (javaScriptEnabled) {
      // Centred over the page, not in its top-left corner.
      const box = (await dialog.boundingBox())!
      const viewport = page.viewportSize()!
      expect(Math.abs(box.x - (viewport.width - box.x - box.width))).toBeLessThanOrEqual(2)
      expect(box.y).toBeGreaterThan(0)
    }
  }

  // Delete asks first; cancelling keeps the photo.
  await pageReady(page, javaScriptEnabled)
  await deleteSecond.click()
  await expectConfirmation(photoDialog, /\/media\?delete-photo=[0-9a-f-]{36}$/)
  await expect(photoDialog.getByRole('img', { name: 'Photo 2' })).toBeVisible()
  expect(await countPhotos(db, propertyId!)).toBe(2)
  if (javaScriptEnabled) {
    await page.keyboard.press('Escape')
    await expect(deleteSecond).toBeFocused()
  } else {
    await photoDialog.getByRole('link', { name: 'Cancel' }).click()
  }
  await expect(photoDialog).toHaveCount(0)
  await expect(page).toHaveURL(mediaUrl)
  expect(await countPhotos(db, propertyId!)).toBe(2)

  // Confirmed: the photo goes.
  await pageReady(page, javaScriptEnabled)
  await deleteSecond.click()
  await expectConfirmation(photoDialog, /\/media\?delete-photo=[0-9a-f-]{36}$/)
  await photoDialog.getByRole('button', { name: 'Delete photo' }).click()
  await expectToast(page, 'Photo moved to the trash.')
  await expect(page).toHaveURL(mediaUrl)
  await expect(photoDialog).toHaveCount(0)
  await expect(mediaPhotoRows(page)).toHaveCount(1)
  expect(await countPhotos(db, propertyId!)).toBe(1)

  // The document: the same two steps.
  const documentDialog = page.getByRole('dialog', { name: 'Delete “Floor plan”?' })
  const deleteDocument = page.getByRole('link', { name: 'Delete Floor plan' })
  await pageReady(page, javaScriptEnabled)
  await deleteDocument.click()
  await expectConfirmation(documentDialog, /\/media\?delete-document=[0-9a-f-]{36}$/)
  await documentDialog.getByRole('link', { name: 'Cancel' }).click()
  await expect(documentDialog).toHaveCount(0)
  // As for the photo: the cancel's own navigation back must land before the next click, or it
  // replaces that click's ?delete-document= (the dialog's close event comes a moment later).
  await expect(page).toHaveURL(mediaUrl)
  expect(await countDocuments(db, propertyId!)).toBe(1)
  await pageReady(page, javaScriptEnabled)
  await deleteDocument.click()
  await expectConfirmation(documentDialog, /\/media\?delete-document=[0-9a-f-]{36}$/)
  await documentDialog.getByRole('button', { name: 'Delete document' }).click()
  await expectToast(page, 'Moved “Floor plan” to the trash.')
  await expect(page.getByText('No documents yet.')).toBeVisible()
  expect(await countDocuments(db, propertyId!)).toBe(0)
})
