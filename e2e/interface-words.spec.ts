import { expect, signUpAndSignIn, test } from './support/fixtures.ts'
import { insertClient, insertDeal, insertListingItem } from './support/clients.ts'
import { expectPagesFitWidths, expectWholeInterfaceWords, unbroken } from './support/layout.ts'
import { insertProperties } from './support/properties.ts'

/**
 * Issue 25: "Activ/e", "Off mark/et", "BrokerVau/lt", "Impo/rt". The interface's words (badges,
 * buttons, navigation, links, labels, headings) never break inside a word at 375 or 1280 px, and
 * badges, navigation items and buttons stay on one line; user text still wraps anywhere, so a
 * 1,000-character word keeps the page at the viewport's width.
 */
test('badges, buttons, navigation and headings keep their words whole on a phone and a desktop', async ({ page, db }) => {
  test.setTimeout(180_000)
  await expectWholeInterfaceWords(page, ['/', '/pricing', '/about', '/auth', '/auth?mode=signup', '/auth-recovery'])

  const broker = await signUpAndSignIn(page)
  await db.setPlan(broker.email, 'starter')
  // Realistic titles long enough to squeeze the badge beside them, one per status.
  const statuses = ['active', 'off_market', 'under_offer', 'draft', 'sold', 'rented'] as const
  const ids = await insertProperties(
    db,
    broker.email,
    statuses.map((status, i) => ({ title: `Bright renovated apartment with river views and a garden, number ${i + 1}`, city: 'Lisbon', status, bedrooms: 3, builtArea: 120 })),
  )
  const clientId = await insertClient(db, broker.email, { fullName: 'Maria Santos', kind: 'buyer' })
  await db.sql`update clients set email = 'maria@example.com', phone = '+351 912 345 678' where id = ${clientId}`
  await insertListingItem(db, broker.email, clientId, ids[0]!)
  const dealId = await insertDeal(db, broker.email, clientId, { title: 'Harbour View offer', value: 450000, currency: 'EUR', propertyId: ids[0]! })

  await expectWholeInterfaceWords(page, [
    '/home',
    '/properties',
    `/property/${ids[0]}`,
    '/clients',
    `/client/${clientId}`,
    `/client/${clientId}/listing`,
    `/client/${clientId}/edit-listing`,
    '/deals',
    `/deal/${dealId}`,
    '/agenda',
    '/profile',
    '/profile/account',
    '/profile/security',
    '/profile/billing',
    '/notifications',
    '/public-properties',
    '/properties/import',
  ])
})

test('a 1,000-character word in user text still wraps inside the viewport', async ({ page, db }) => {
  test.setTimeout(120_000)
  const broker = await signUpAndSignIn(page)
  const [propertyId] = await insertProperties(db, broker.email, [{ title: unbroken('Title', 160), status: 'active' }])
  await db.sql`update properties set description = ${unbroken('Description')} where id = ${propertyId!}`
  const clientId = await insertClient(db, broker.email, { fullName: unbroken('ClientName', 120), notes: unbroken('Notes') })
  await expect(page).toHaveURL(/\/home$/)
  await expectPagesFitWidths(page, ['/properties', `/property/${propertyId}`, '/clients', `/client/${clientId}`])
})
