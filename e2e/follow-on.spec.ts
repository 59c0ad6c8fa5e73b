import { expect, expectToast, signUpAndSignIn, test } from './support/fixtures.ts'
import { expectNoAxeViolations, injectAxe } from './support/a11y.ts'
import { dealCard, insertClient, insertDeal, pageReady } from './support/clients.ts'
import { DESKTOP_WIDTH, expectNoSidewaysScroll, PHONE_WIDTH } from './support/layout.ts'
import { insertProperties } from './support/properties.ts'
import type { E2EDatabase } from './support/db.ts'

/**
 * Issue 25, item 8: nothing is left behind by a result. A deal moved to Closed – won offers,
 * in the same form, ticked and in sight, the client's move to Won and the property's to Sold or
 * Rented; a viewing marked Done offers a new client's move to Viewing. The offers show only
 * while that stage or status is chosen, by CSS, so with JavaScript on and off alike.
 */
async function stateOf(db: E2EDatabase, dealId: string, clientId: string, propertyId: string) {
  const [row] = await db.sql<{ deal: string; client: string; property: string }[]>`
    select d.stage as deal, c.stage as client, p.status as property
      from deals d join clients c on c.id = d.client_id join properties p on p.id = d.property_id
     where d.id = ${dealId} and c.id = ${clientId} and p.id = ${propertyId}`
  return row
}

for (const width of [PHONE_WIDTH, DESKTOP_WIDTH]) {
  test(`a deal won on the board offers the client's and the property's changes, ticked, and makes them (${width} px)`, async ({ page, db, javaScriptEnabled }) => {
    await page.setViewportSize({ width, height: 900 })
    const broker = await signUpAndSignIn(page)
    const [propertyId] = await insertProperties(db, broker.email, [{ title: 'Canal House', city: 'Amsterdam', status: 'active' }])
    const clientId = await insertClient(db, broker.email, { fullName: 'Maria Jansen' })
    const dealId = await insertDeal(db, broker.email, clientId, { title: 'Canal House sale', value: 750000, currency: 'EUR', propertyId })

    await page.goto('/deals')
    await pageReady(page, javaScriptEnabled)
    const card = dealCard(page, dealId)
    const offer = card.getByRole('group', { name: 'When closed as won, also:' })
    // Not while another stage is chosen.
    await expect(offer).toBeHidden()
    await card.getByLabel('Stage', { exact: true }).selectOption({ label: 'Closed – won' })
    await expect(offer).toBeVisible()
    await expect(offer.getByRole('checkbox', { name: 'Set Maria Jansen to Won' })).toBeChecked()
    await expect(offer.getByRole('checkbox', { name: 'Mark Canal House as Sold' })).toBeChecked()
    await expectNoSidewaysScroll(page, `/deals with the follow-on offer at ${width} px`)
    if (javaScriptEnabled) {
      await injectAxe(page)
      await expectNoAxeViolations(page, `/deals with the follow-on offer at ${width} px`)
    }
    // Choosing another stage again hides it.
    await card.getByLabel('Stage', { exact: true }).selectOption({ label: 'Offer' })
    await expect(offer).toBeHidden()
    await card.getByLabel('Stage', { exact: true }).selectOption({ label: 'Closed – won' })
    await card.getByRole('button', { name: 'Move', exact: true }).click()

    await expectToast(page, 'Moved Canal House sale to Closed – won. Maria Jansen is now Won. Canal House is now Sold.')
    expect(await stateOf(db, dealId, clientId, propertyId!)).toEqual({ deal: 'closed_won', client: 'won', property: 'sold' })
    // Nothing left to offer; and the sold property no longer matches the client.
    await expect(dealCard(page, dealId).getByRole('group', { name: 'When closed as won, also:' })).toHaveCount(0)
    await page.goto(`/client/${clientId}`)
    await expect(page.getByText('None of your active properties fits these requirements yet.')).toBeVisible()
  })

  test(`a deal won on its page with one change unticked makes only the other (${width} px)`, async ({ page, db, javaScriptEnabled }) => {
    await page.setViewportSize({ width, height: 900 })
    const broker = await signUpAndSignIn(page)
    const [propertyId] = await insertProperties(db, broker.email, [{ title: 'Harbour Loft', city: 'Porto', status: 'active' }])
    await db.sql`update properties set purpose = 'rent', rent_period = 'monthly' where id = ${propertyId!}`
    const clientId = await insertClient(db, broker.email, { fullName: 'Rui Tenant', kind: 'tenant' })
    const dealId = await insertDeal(db, broker.email, clientId, { title: 'Harbour Loft lease', propertyId })

    await page.goto(`/deal/${dealId}`)
    await pageReady(page, javaScriptEnabled)
    const stage = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Stage', exact: true }) })
    await stage.getByLabel('Stage', { exact: true }).selectOption({ label: 'Closed – won' })
    const offer = stage.getByRole('group', { name: 'When closed as won, also:' })
    await expect(offer.getByRole('checkbox', { name: 'Mark Harbour Loft as Rented' })).toBeChecked()
    await offer.getByRole('checkbox', { name: 'Set Rui Tenant to Won' }).uncheck()
    await expectNoSidewaysScroll(page, `/deal with the follow-on offer at ${width} px`)
    await stage.getByRole('button', { name: 'Move', exact: true }).click()
    await expectToast(page, 'Moved Harbour Loft lease to Closed – won. Harbour Loft is now Rented.')
    expect(await stateOf(db, dealId, clientId, propertyId!)).toEqual({ deal: 'closed_won', client: 'new', property: 'rented' })
    // The client's change is still on offer, and can be made later.
    await expect(offer.getByRole('checkbox', { name: 'Set Rui Tenant to Won' })).toBeChecked()
  })

  test(`a viewing marked done offers to move a new client to Viewing (${width} px)`, async ({ page, db, javaScriptEnabled }) => {
    await page.setViewportSize({ width, height: 900 })
    const broker = await signUpAndSignIn(page)
    const [propertyId] = await insertProperties(db, broker.email, [{ title: 'Riverside Flat', city: 'Lisbon', status: 'active' }])
    const clientId = await insertClient(db, broker.email, { fullName: 'Rita Viewer' })
    const [viewing] = await db.sql<{ id: string }[]>`
      insert into viewings (owner_id, property_id, client_id, starts_at, duration_minutes, place)
      values ((select id from users where lower(email) = lower(${broker.email})), ${propertyId!}, ${clientId}, now() - interval '1 hour', 30, 'Rua Augusta 1')
      returning id`

    await page.goto(`/viewing/${viewing!.id}`)
    await pageReady(page, javaScriptEnabled)
    const offer = page.getByRole('group', { name: 'When done, also:' })
    await expect(offer).toBeHidden()
    await page.getByLabel('Status').selectOption('done')
    await expect(offer.getByRole('checkbox', { name: 'Move Rita Viewer from New to Viewing' })).toBeChecked()
    await expectNoSidewaysScroll(page, `/viewing with the follow-on offer at ${width} px`)
    if (javaScriptEnabled) {
      await injectAxe(page)
      await expectNoAxeViolations(page, `/viewing with the follow-on offer at ${width} px`)
    }
    await page.getByRole('button', { name: 'Set status' }).click()
    // The client has no e-mail address: nothing is mailed, and the stage change is said.
    await expectToast(page, 'Status set to Done. Rita Viewer is now at Viewing.')
    await expect(page.getByTestId('viewing-status')).toHaveText('Done')
    const [client] = await db.sql<{ stage: string }[]>`select stage from clients where id = ${clientId}`
    expect(client!.stage).toBe('viewing')
    await expect(offer).toHaveCount(0)
  })
}
