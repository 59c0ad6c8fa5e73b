import { expect, signUpAndSignIn, test } from './support/fixtures.ts'
import { insertClient } from './support/clients.ts'
import { PHONE_WIDTH } from './support/layout.ts'
import { insertProperties } from './support/properties.ts'

test.use({ viewport: { width: PHONE_WIDTH, height: 740 } })

/**
 * Issue 25: on a phone, a client's Call / WhatsApp / E-mail buttons sat in a card at the very
 * foot of the client page. They are the first thing under the client's name now.
 */
test('a client’s Call, WhatsApp and E-mail buttons are on the first screen of the client page on a phone', async ({ page, db }) => {
  const broker = await signUpAndSignIn(page)
  await insertProperties(db, broker.email, [{ title: 'Harbour View Apartment', city: 'Lisbon', status: 'active' }])
  const clientId = await insertClient(db, broker.email, { fullName: 'Maria Santos', notes: 'Prefers high floors.' })
  await db.sql`update clients set phone = '+351 912 345 678', email = 'maria@example.com', tags = '{vip}' where id = ${clientId}`

  await page.goto(`/client/${clientId}`)
  const contact = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Contact', exact: true }) })
  const call = contact.getByRole('link', { name: 'Call +351 912 345 678' })
  const whatsapp = contact.getByRole('link', { name: 'WhatsApp' })
  const email = contact.getByRole('link', { name: 'E-mail maria@example.com' })
  await expect(call).toHaveAttribute('href', 'tel:+351912345678')
  await expect(whatsapp).toHaveAttribute('href', 'https://wa.me/351912345678')
  await expect(email).toHaveAttribute('href', 'mailto:maria@example.com')
  await expect(contact.getByText('Tags: vip')).toBeVisible()

  // On the first screen, without scrolling, and above the page's first card.
  const matches = await page.getByRole('heading', { level: 2, name: 'Matching properties' }).boundingBox()
  for (const button of [call, whatsapp, email]) {
    const box = await button.boundingBox()
    expect(box, 'the button is laid out').not.toBeNull()
    expect(box!.y + box!.height).toBeLessThanOrEqual(740)
    expect(box!.y).toBeLessThan(matches!.y)
  }

  // A number without its country code could be anyone's abroad: Call only, no WhatsApp.
  await db.sql`update clients set phone = '912 345 678' where id = ${clientId}`
  await page.goto(`/client/${clientId}`)
  await expect(contact.getByRole('link', { name: 'Call 912 345 678' })).toHaveAttribute('href', 'tel:912345678')
  await expect(contact.getByRole('link', { name: 'WhatsApp' })).toHaveCount(0)
})
