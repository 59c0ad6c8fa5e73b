import { randomBytes } from 'node:crypto'
import { expect, signUpAndSignIn, test } from './support/fixtures.ts'
import { insertClientAlert, insertShare } from './support/a11y.ts'
import { insertClient, insertListingItem } from './support/clients.ts'
import { expectWholeInterfaceWords } from './support/layout.ts'
import { insertProperties } from './support/properties.ts'

/**
 * Issue 25, item 6: the pages a client opens (a shared property and shortlist, the alert page,
 * the viewing feedback page, the unsubscribe page) speak for the broker. Each shows the
 * broker's card and one quiet line with a privacy link, none of BrokerVault's sign-up header or
 * legal links, and ships no script, with the browser's JavaScript on or off.
 */
test('every page a client opens carries the broker’s card and one privacy line, and no script', async ({ page, browser, db, javaScriptEnabled }) => {
  test.setTimeout(120_000)
  const broker = await signUpAndSignIn(page)
  await db.sql`
    update profiles set full_name = 'Ana Costa', agency_name = 'Costa Homes', phone = '+351 912 345 678'
     where id = (select id from users where lower(email) = lower(${broker.email}))`
  const [propertyId] = await insertProperties(db, broker.email, [{ title: 'Harbour View Apartment', city: 'Lisbon', status: 'under_offer', bedrooms: 3 }])
  const clientId = await insertClient(db, broker.email, { fullName: 'Maria Santos' })
  await insertListingItem(db, broker.email, clientId, propertyId!)
  const feedbackToken = randomBytes(16).toString('base64url')
  await db.sql`
    insert into viewings (owner_id, property_id, client_id, starts_at, duration_minutes, place, status, feedback_token)
    values ((select id from users where lower(email) = lower(${broker.email})), ${propertyId!}, ${clientId}, now() - interval '1 day', 30, 'Rua das Flores 12', 'done', ${feedbackToken})`
  const { alertPath, unsubscribePath } = await insertClientAlert(db, broker.email, clientId, propertyId!)
  const paths = [
    `/preview/${await insertShare(db, broker.email, { propertyId: propertyId! })}`,
    `/client-listing/${await insertShare(db, broker.email, { clientId })}`,
    alertPath,
    `/viewing-feedback/${feedbackToken}`,
    unsubscribePath,
  ]

  // The client: no session, the browser the project gives (JavaScript on or off).
  const context = await browser.newContext({ javaScriptEnabled })
  try {
    const client = await context.newPage()
    for (const path of paths) {
      await client.goto(path)
      const card = client.getByRole('region', { name: 'Your broker' })
      await expect(card.getByText('Ana Costa', { exact: true }), path).toBeVisible()
      await expect(card.getByText('Costa Homes', { exact: true }), path).toBeVisible()
      await expect(card.getByRole('link', { name: '+351 912 345 678' }), path).toHaveAttribute('href', 'tel:+351912345678')
      await expect(card.getByRole('link', { name: broker.email }), path).toHaveAttribute('href', `mailto:${broker.email}`)
      const footer = client.getByRole('contentinfo')
      await expect(footer, path).toHaveText('Sent to you by Ana Costa with BrokerVault · Privacy')
      await expect(footer.getByRole('link', { name: 'Privacy' }), path).toHaveAttribute('href', '/privacy')
      for (const ours of ['Get started', 'Sign in', 'Pricing', 'Shipping policy', 'Terms']) {
        await expect(client.getByRole('link', { name: ours, exact: true }), `${path}: ${ours}`).toHaveCount(0)
      }
      await expect(client.locator('script'), path).toHaveCount(0)
    }
    // Their words stay whole and the pages at the viewport's width, on a phone and a desktop.
    await expectWholeInterfaceWords(client, paths)
  } finally {
    await context.close()
  }
})
