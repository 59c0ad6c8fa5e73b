import { randomBytes } from 'node:crypto'
import { expect, expectToast, signUpAndSignIn, test } from './support/fixtures.ts'
import { pageReady, resetLoopbackFeedbackLimit } from './support/clients.ts'
import { E2E_BASE_URL } from './support/env.ts'
import { readMailLink } from './support/outbox.ts'
import { insertProperties, propertyForm, propertyFormReady } from './support/properties.ts'

const ALERT_LINK = new RegExp(`${E2E_BASE_URL}/alerts/[A-Za-z0-9_-]{22}`)

test.describe('client alerts and share tools', () => {
  test('opt a client in, save a fitting property, open the alert mail’s page and tap Interested', async ({ page, db, javaScriptEnabled }) => {
    test.setTimeout(120_000)
    await resetLoopbackFeedbackLimit(db)
    const broker = await signUpAndSignIn(page)
    const clientEmail = `alert-${randomBytes(5).toString('hex')}@example.com`
    const [client] = await db.sql<{ id: string }[]>`
      insert into clients (owner_id, full_name, email, kind, wanted_purpose, wanted_places)
      values ((select id from users where lower(email) = lower(${broker.email})), 'Alice Alert', ${clientEmail}, 'buyer', 'sale', '{Lisbon}')
      returning id`

    // The broker confirms the client agreed, on the client page.
    await page.goto(`/client/${client!.id}`)
    await pageReady(page, javaScriptEnabled)
    const alerts = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Property alerts' }) })
    await alerts.getByRole('checkbox', { name: /The client agreed to receive e-mails/ }).check()
    await alerts.getByRole('button', { name: 'Turn alerts on' }).click()
    await expectToast(page, 'Property alerts are on.')
    await expect(alerts.getByText(/^On$/)).toBeVisible()

    // A new listing that fits (Lisbon, for sale), saved through the edit form: a run follows.
    const [propertyId] = await insertProperties(db, broker.email, [{ title: 'Tejo view flat', city: 'Lisbon', status: 'active', bedrooms: 2 }])
    await page.goto(`/property/${propertyId}/edit`)
    const form = propertyForm(page, 'Save property')
    await propertyFormReady(form, javaScriptEnabled)
    await form.getByRole('button', { name: 'Save property' }).click()
    await expectToast(page, 'Property saved.')

    // The client's mail links to a page without JavaScript; one tap answers.
    const link = await readMailLink(clientEmail, ALERT_LINK, 60_000)
    await page.goto(link)
    await expect(page.getByRole('heading', { level: 1, name: 'New properties for you' })).toBeVisible()
    const item = page.locator(`#property-${propertyId}`)
    await expect(item.getByRole('heading', { name: 'Tejo view flat' })).toBeVisible()
    await item.getByRole('button', { name: 'Interested' }).click()
    await expect(page.getByText('Thank you! Your feedback has been sent to your broker.')).toBeVisible()
    await expect(page.locator(`#property-${propertyId}`).getByText('Your answer: Interested.')).toBeVisible()

    // The broker sees the reaction with the client's activity.
    await page.goto(`/client/${client!.id}`)
    await expect(page.getByText('Alice Alert: Interested in Tejo view flat')).toBeVisible()
  })

  test('a share link shows its QR code and a WhatsApp message', async ({ page, db, javaScriptEnabled }) => {
    const broker = await signUpAndSignIn(page)
    const [propertyId] = await insertProperties(db, broker.email, [{ title: 'Alfama loft', city: 'Lisbon', status: 'active' }])
    await page.goto(`/property/${propertyId}`)
    await pageReady(page, javaScriptEnabled)
    await page.getByRole('button', { name: 'Create share link' }).click()
    const qr = page.getByTestId('share-qr')
    await expect(qr).toBeVisible()
    await expect(qr.locator('svg')).toHaveCount(1)
    const url = await page.locator('textarea[id^="share-url-"]').first().inputValue()
    await expect(qr).toHaveAttribute('aria-label', `QR code of the link ${url}`)
    const whatsapp = page.getByRole('link', { name: 'WhatsApp' })
    await expect(whatsapp).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(`Here is a property I think you will like: ${url}`)}`)
    await expect(page.getByRole('link', { name: 'SMS' })).toHaveAttribute('href', /^sms:\?&body=/)
  })
})
