import { expect, expectToast, signUpAndSignIn, test, toasts } from './support/fixtures.ts'
import { insertClient, pageReady } from './support/clients.ts'
import { DESKTOP_WIDTH, expectNoSidewaysScroll, PHONE_WIDTH } from './support/layout.ts'
import { insertProperties } from './support/properties.ts'

/**
 * Issue 25: a deleted property goes to the trash and comes back with Restore; a task of one's own
 * that repeats weekly comes back a week on when done. Both projects (JavaScript on and off), at
 * phone and desktop width, the browser's own form checks on.
 */
for (const width of [PHONE_WIDTH, DESKTOP_WIDTH]) {
  test(`delete a property to the trash and restore it, at ${width} px`, async ({ page, db, javaScriptEnabled }) => {
    await page.setViewportSize({ width, height: 800 })
    const broker = await signUpAndSignIn(page)
    const [propertyId] = await insertProperties(db, broker.email, [{ title: 'Riverside Loft', city: 'Porto', status: 'active' }])

    await page.goto(`/property/${propertyId}`)
    await pageReady(page, javaScriptEnabled)
    await page.getByText('Delete property', { exact: true }).click()
    const moveToTrash = page.getByRole('button', { name: 'Move to trash' })
    // Not confirmed: the browser keeps the form.
    await moveToTrash.click()
    await expect(page).toHaveURL(new RegExp(`/property/${propertyId}$`))
    await page.getByLabel('I understand, delete it').check()
    await moveToTrash.click()
    await expect(page).toHaveURL(/\/properties$/)
    await expectToast(page, 'Moved Riverside Loft to the trash. Restore it from the Trash within 30 days.')
    await expect(page.getByText('No properties yet')).toBeVisible()

    await page.getByRole('link', { name: 'Trash', exact: true }).click()
    await expect(page).toHaveURL(/\/trash$/)
    await pageReady(page, javaScriptEnabled)
    const item = page.getByTestId('trash-item').filter({ hasText: 'Riverside Loft' })
    await expect(item).toContainText('Property: Riverside Loft')
    await expectNoSidewaysScroll(page, `/trash at ${width} px`)
    await item.getByRole('button', { name: 'Restore Riverside Loft' }).click()
    await expectToast(page, 'Restored Riverside Loft.')
    await expect(page.getByText('The trash is empty')).toBeVisible()

    await page.goto('/properties')
    await expect(page.getByRole('link', { name: /Riverside Loft/ })).toBeVisible()
  })

  test(`delete a client and undo it with the toast's Restore, at ${width} px`, async ({ page, db, javaScriptEnabled }) => {
    await page.setViewportSize({ width, height: 800 })
    const broker = await signUpAndSignIn(page)
    const clientId = await insertClient(db, broker.email, { fullName: 'Helena Undo' })

    await page.goto(`/client/${clientId}`)
    await pageReady(page, javaScriptEnabled)
    await page.getByText('Delete client', { exact: true }).click()
    await page.getByLabel('I understand, delete them').check()
    await page.getByRole('button', { name: 'Move to trash' }).click()
    await expect(page).toHaveURL(/\/clients$/)
    const toast = toasts(page)
    await expect(toast.getByText('Moved Helena Undo to the trash. Restore them from the Trash within 30 days.', { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Helena Undo' })).toHaveCount(0)

    await toast.getByRole('button', { name: 'Restore' }).click()
    await expect(page).toHaveURL(new RegExp(`/client/${clientId}$`))
    await expectToast(page, 'Restored Helena Undo.')
    await expect(page.getByRole('heading', { level: 1, name: 'Helena Undo' })).toBeVisible()
  })

  test(`a weekly task of one's own comes back a week on when done, at ${width} px`, async ({ page, javaScriptEnabled }) => {
    await page.setViewportSize({ width, height: 800 })
    await signUpAndSignIn(page)
    await page.goto('/agenda')
    await pageReady(page, javaScriptEnabled)
    const form = page.locator('form#add-task')
    // About nothing: the select keeps its "Nothing: a task of my own".
    await expect(form.getByLabel('About')).toHaveValue('')
    await form.getByLabel('Task').fill('Weekly team call')
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
    await form.getByLabel('Due date').fill(inThreeDays)
    await form.getByLabel('Repeats').selectOption('weekly')
    await form.getByRole('button', { name: 'Add task' }).click()
    await expectToast(page, 'Task added.')

    const task = page.getByTestId('agenda-task').filter({ hasText: 'Weekly team call' })
    await expect(task).toHaveCount(1)
    await expect(task).toContainText('Every week')
    const firstDay = await page.locator('section', { has: task }).getByRole('heading', { level: 2 }).textContent()

    await task.getByRole('button', { name: 'Done' }).click()
    await expect(toasts(page).getByText(/^Done: Weekly team call\. Next: .+\.$/)).toBeVisible()
    // The next one, a week later, under another day; the done one is gone from the agenda.
    await expect(task).toHaveCount(1)
    await expect(task).toContainText('Every week')
    const nextDay = await page.locator('section', { has: task }).getByRole('heading', { level: 2 }).textContent()
    expect(nextDay).not.toBe(firstDay)
    await expectNoSidewaysScroll(page, `/agenda at ${width} px`)
  })
}
