import { randomBytes } from 'node:crypto'
import { expect, expectToast, signUpAndSignIn, test, hydrateOnLoad } from './support/fixtures.ts'
import { pageReady } from './support/clients.ts'
import { readViewingFeedbackLink } from './support/outbox.ts'
import { insertProperties } from './support/properties.ts'

/**
 * Issue 12, viewings: scheduled from a property page, marked done, and the client leaves
 * feedback from the e-mailed link (a zero-JavaScript page), which the broker then sees on the
 * property page. Runs in both projects (js-on, js-off) with the browser's own form checks on.
 */
test('schedule a viewing, mark it done, and the client rates it from the e-mailed link', async ({ page, browser, db, javaScriptEnabled }) => {
  test.setTimeout(90_000)
  const broker = await signUpAndSignIn(page)
  const [propertyId] = await insertProperties(db, broker.email, [{ title: 'Riverside Flat', city: 'Lisbon', status: 'active' }])
  const clientEmail = `viewer-${randomBytes(5).toString('hex')}@example.com`
  await db.sql`
    insert into clients (owner_id, full_name, email, kind)
    values ((select id from users where lower(email) = lower(${broker.email})), 'Rita Viewer', ${clientEmail}, 'buyer')`

  await page.goto(`/property/${propertyId}`)
  await pageReady(page, javaScriptEnabled)
  await page.getByText('Schedule a viewing', { exact: true }).click()
  const form = page.locator('form#schedule-viewing')
  // The browser's own checks: nothing chosen yet, so nothing is sent.
  await form.getByRole('button', { name: 'Schedule viewing' }).click()
  await expect(page).toHaveURL(new RegExp(`/property/${propertyId}$`))
  expect(await form.getByLabel('Client').evaluate((el: HTMLSelectElement) => el.validity.valueMissing)).toBe(true)

  await form.getByLabel('Client').selectOption({ label: 'Rita Viewer' })
  await form.getByLabel('Date').fill('2030-05-20')
  await form.getByLabel('Time').fill('10:30')
  await form.getByLabel('Duration (minutes)').fill('45')
  await form.getByRole('button', { name: 'Schedule viewing' }).click()
  await expectToast(page, 'Viewing scheduled. The client has been invited by e-mail.')
  const viewings = page.getByTestId('viewing-list')
  await expect(viewings).toContainText('Mon 20 May 2030, 10:30')
  await expect(viewings).toContainText('Scheduled')

  await viewings.getByRole('link', { name: 'Mon 20 May 2030, 10:30' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Viewing of Riverside Flat' })).toBeVisible()
  await pageReady(page, javaScriptEnabled)
  // Not before it happens: the refusal sits under the Status field, and the client hears nothing.
  await page.getByLabel('Status').selectOption('done')
  await page.getByRole('button', { name: 'Set status' }).click()
  await expect(page.getByLabel('Status')).toHaveAccessibleDescription('This viewing starts Mon 20 May 2030, 10:30: it can be marked Done or No-show once it has started.')
  await expect(page.getByTestId('viewing-status')).toHaveText('Scheduled')

  // The viewing has taken place (its start moved to an hour ago): now Done is taken.
  await db.sql`update viewings set starts_at = now() - interval '1 hour' where property_id = ${propertyId!}`
  // A fresh GET: without JavaScript this page is the answer to a POST, which a reload would resend.
  await page.goto(page.url())
  await pageReady(page, javaScriptEnabled)
  await page.getByLabel('Status').selectOption('done')
  await page.getByRole('button', { name: 'Set status' }).click()
  // Rita was a new client: the offered move to Viewing (ticked) is made and said.
  await expectToast(page, 'Status set to Done. The client has been asked for feedback. Rita Viewer is now at Viewing.')
  await expect(page.getByTestId('viewing-status')).toHaveText('Done')

  // The client: no session, the link from the mail.
  const link = await readViewingFeedbackLink(clientEmail)
  const clientContext = await browser.newContext({ javaScriptEnabled })
  await hydrateOnLoad(clientContext)
  try {
    const client = await clientContext.newPage()
    await client.goto(link)
    await expect(client.getByRole('heading', { level: 1, name: 'Your viewing of Riverside Flat' })).toBeVisible()
    // No rating chosen: the browser refuses to send.
    await client.getByRole('button', { name: 'Send feedback' }).click()
    await expect(client.getByText('You rated it')).toHaveCount(0)
    await client.getByRole('radio', { name: '4' }).check()
    await client.getByLabel('Comment').fill('Bright rooms, but the street is noisy.')
    await client.getByRole('button', { name: 'Send feedback' }).click()
    await expect(client.getByRole('status').filter({ hasText: 'You rated it 4/5.' })).toBeVisible()
  } finally {
    await clientContext.close()
  }

  await page.goto(`/property/${propertyId}`)
  const feedback = page.getByTestId('viewing-feedback')
  await expect(feedback).toContainText('4/5')
  await expect(feedback).toContainText('Bright rooms, but the street is noisy.')
})
