import { expect, expectToast, signUpAndSignIn, test } from './support/fixtures.ts'
import { pageReady } from './support/clients.ts'
import { insertProperties } from './support/properties.ts'

/**
 * Issue 12, tasks: added from a property page with only the required fields (the due time
 * has a default), listed on /agenda, marked done there. Both projects, the browser's own form
 * checks on.
 */
test('add a task to a property with only its required fields, see it on /agenda and mark it done', async ({ page, db, javaScriptEnabled }) => {
  const broker = await signUpAndSignIn(page)
  const [propertyId] = await insertProperties(db, broker.email, [{ title: 'Harbour Loft', status: 'active' }])

  await page.goto(`/property/${propertyId}`)
  await pageReady(page, javaScriptEnabled)
  await page.getByText('Add a task', { exact: true }).click()
  const form = page.locator('form#add-task')
  // Nothing typed: the browser keeps the form.
  await form.getByRole('button', { name: 'Add task' }).click()
  expect(await form.getByLabel('Task').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true)

  await form.getByLabel('Task').fill('Order the floor plan')
  // /agenda shows the next 60 days: due in three days.
  await form.getByLabel('Due date').fill(new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10))
  await form.getByRole('button', { name: 'Add task' }).click()
  await expectToast(page, 'Task added.')
  await expect(page.getByTestId('task-list')).toContainText('Order the floor plan')

  await page.goto('/agenda')
  await pageReady(page, javaScriptEnabled)
  const task = page.getByTestId('agenda-task').filter({ hasText: 'Order the floor plan' })
  await expect(task).toBeVisible()
  await task.getByRole('button', { name: 'Done' }).click()
  await expectToast(page, 'Done: Order the floor plan.')
  // /agenda lists open tasks only.
  await expect(page.getByTestId('agenda-task').filter({ hasText: 'Order the floor plan' })).toHaveCount(0)
})
