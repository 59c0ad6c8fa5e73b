import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, expectToast, signUpAndSignIn, test } from './support/fixtures.ts'
import { expectNoAxeViolations, injectAxe } from './support/a11y.ts'
import { insertClient, pageReady } from './support/clients.ts'
import { DESKTOP_WIDTH, expectNoSidewaysScroll, PHONE_WIDTH } from './support/layout.ts'
import { insertProperties } from './support/properties.ts'

/**
 * Issue 25's shortcuts: tick rows on /properties and /clients, then change their status or
 * stage, add them to a client's shortlist, export them or delete them (after a confirmation);
 * and add a client's match to their shortlist with one button. Every one is a plain form post
 * (JavaScript off); with JavaScript a count and "Select all" come along.
 */
async function scanIfScripted(page: Page, javaScriptEnabled: boolean, what: string) {
  if (!javaScriptEnabled) return
  await injectAxe(page)
  await expectNoAxeViolations(page, what)
}

const bar = (page: Page, noun: string) => page.getByRole('form', { name: `With the selected ${noun}` })

for (const width of [PHONE_WIDTH, DESKTOP_WIDTH]) {
  test(`properties: tick rows, set their status, add them to a shortlist, export and delete them (${width} px)`, async ({ page, db, javaScriptEnabled }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width, height: 900 })
    const broker = await signUpAndSignIn(page)
    await insertProperties(db, broker.email, [
      { title: 'Alpha Loft', city: 'Lisbon', status: 'active' },
      { title: 'Beta House', city: 'Porto', status: 'active' },
      { title: 'Gamma Flat', city: 'Braga', status: 'active' },
    ])
    await insertClient(db, broker.email, { fullName: 'Ana Lima' })

    await page.goto('/properties')
    await pageReady(page, javaScriptEnabled)
    const actions = bar(page, 'properties')
    await expect(actions).toBeVisible()
    await expectNoSidewaysScroll(page, `/properties with the bulk bar at ${width} px`)
    await page.getByRole('checkbox', { name: 'Select Alpha Loft' }).check()
    await page.getByRole('checkbox', { name: 'Select Beta House' }).check()
    if (javaScriptEnabled) await expect(page.getByTestId('bulk-properties-count')).toHaveText('2 selected')

    // Nothing chosen for the status: the message beside the bar, the rows still ticked.
    await actions.getByRole('button', { name: 'Set status' }).click()
    await expect(actions.getByText('Choose one of the statuses listed.')).toBeVisible()
    await expect(page.getByRole('checkbox', { name: 'Select Alpha Loft' })).toBeChecked()

    await actions.getByLabel('Status').selectOption({ label: 'Under offer' })
    await actions.getByRole('button', { name: 'Set status' }).click()
    await expectToast(page, 'Set 2 properties to Under offer.')
    // Done: back on the list with nothing ticked, as after any action that went through.
    await expect(page.getByRole('checkbox', { name: 'Select Alpha Loft' })).not.toBeChecked()
    if (javaScriptEnabled) await expect(page.getByTestId('bulk-properties-count')).toHaveText('0 selected')
    const statuses = await db.sql<{ title: string; status: string }[]>`
      select title, status from properties p join users u on u.id = p.owner_id where lower(u.email) = lower(${broker.email}) order by title`
    expect(statuses.map((r) => `${r.title}: ${r.status}`)).toEqual(['Alpha Loft: under_offer', 'Beta House: under_offer', 'Gamma Flat: active'])

    // A shortlist: the second step asks which client.
    await page.goto('/properties')
    await pageReady(page, javaScriptEnabled)
    await page.getByRole('checkbox', { name: 'Select Beta House' }).check()
    await page.getByRole('checkbox', { name: 'Select Gamma Flat' }).check()
    await bar(page, 'properties').getByRole('button', { name: 'Add to a shortlist…' }).click()
    const step = page.getByRole('region', { name: "Add 2 properties to a client's shortlist" })
    await expect(step).toBeVisible()
    await expectNoSidewaysScroll(page, `the shortlist step at ${width} px`)
    await scanIfScripted(page, javaScriptEnabled, `the shortlist step at ${width} px`)
    await step.getByLabel('Client').selectOption({ label: 'Ana Lima' })
    await step.getByRole('button', { name: 'Add to shortlist' }).click()
    await expectToast(page, 'Added 2 properties to the shortlist of Ana Lima.')
    const listed = await db.sql<{ title: string }[]>`
      select p.title from client_listing_items i join properties p on p.id = i.property_id join clients c on c.id = i.client_id
       where c.full_name = 'Ana Lima' and c.owner_id = p.owner_id and p.owner_id = (select id from users where lower(email) = lower(${broker.email}))
       order by i.position`
    // In the list's order (newest first).
    expect(listed.map((r) => r.title)).toEqual(['Gamma Flat', 'Beta House'])

    // Export the ticked rows: a CSV of those only.
    await page.goto('/properties')
    await pageReady(page, javaScriptEnabled)
    await page.getByRole('checkbox', { name: 'Select Alpha Loft' }).check()
    await page.getByRole('checkbox', { name: 'Select Gamma Flat' }).check()
    const downloading = page.waitForEvent('download')
    await bar(page, 'properties').getByRole('button', { name: 'Export CSV' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^properties-selected-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = await readFile((await download.path())!, 'utf8')
    expect(csv).toContain('Alpha Loft')
    expect(csv).toContain('Gamma Flat')
    expect(csv).not.toContain('Beta House')

    // Delete: asked first, then done.
    await page.goto('/properties')
    await pageReady(page, javaScriptEnabled)
    await page.getByRole('checkbox', { name: 'Select Alpha Loft' }).check()
    await bar(page, 'properties').getByRole('button', { name: 'Delete…' }).click()
    const confirm = page.getByRole('dialog', { name: 'Move 1 property to the trash?' })
    await expect(confirm).toBeVisible()
    await expect(confirm.getByRole('listitem')).toHaveText(['Alpha Loft'])
    await scanIfScripted(page, javaScriptEnabled, `the delete confirmation at ${width} px`)
    await confirm.getByRole('button', { name: 'Move to trash' }).click()
    await expectToast(page, 'Moved 1 property to the trash. Restore it from the Trash within 30 days.')
    await expect(page.getByRole('checkbox', { name: 'Select Alpha Loft' })).toHaveCount(0)
    await expect(page.getByRole('checkbox', { name: 'Select Beta House' })).toBeVisible()
  })

  test(`clients: tick rows and set their stage; a match goes on the shortlist with one button (${width} px)`, async ({ page, db, javaScriptEnabled }) => {
    await page.setViewportSize({ width, height: 900 })
    const broker = await signUpAndSignIn(page)
    const ana = await insertClient(db, broker.email, { fullName: 'Ana Lima' })
    await insertClient(db, broker.email, { fullName: 'Bruno Dias' })
    await insertClient(db, broker.email, { fullName: 'Carla Reis' })
    await insertProperties(db, broker.email, [{ title: 'Harbour Flat', city: 'Lisbon', status: 'active' }])

    await page.goto('/clients')
    await pageReady(page, javaScriptEnabled)
    await expectNoSidewaysScroll(page, `/clients with the bulk bar at ${width} px`)
    await scanIfScripted(page, javaScriptEnabled, `/clients with the bulk bar at ${width} px`)
    if (javaScriptEnabled) {
      // "Select all on this page" ticks every row; the count follows.
      await page.getByRole('checkbox', { name: 'Select all on this page' }).check()
      await expect(page.getByTestId('bulk-clients-count')).toHaveText('3 selected')
      await page.getByRole('checkbox', { name: 'Select Carla Reis' }).uncheck()
      await expect(page.getByTestId('bulk-clients-count')).toHaveText('2 selected')
    } else {
      await page.getByRole('checkbox', { name: 'Select Ana Lima' }).check()
      await page.getByRole('checkbox', { name: 'Select Bruno Dias' }).check()
    }
    const actions = bar(page, 'clients')
    await actions.getByLabel('Stage').selectOption({ label: 'Contacted' })
    await actions.getByRole('button', { name: 'Set stage' }).click()
    await expectToast(page, 'Set 2 clients to Contacted.')
    await expect(page.getByRole('link', { name: /Ana Lima/ })).toContainText('Buyer · Contacted')
    await expect(page.getByRole('link', { name: /Carla Reis/ })).toContainText('Buyer · New')

    // Delete: asked first, then moved to the trash.
    await page.getByRole('checkbox', { name: 'Select Bruno Dias' }).check()
    await actions.getByRole('button', { name: 'Delete…' }).click()
    const confirm = page.getByRole('dialog', { name: 'Move 1 client to the trash?' })
    await expect(confirm).toBeVisible()
    await expect(confirm.getByRole('listitem')).toHaveText(['Bruno Dias'])
    await scanIfScripted(page, javaScriptEnabled, `the client delete confirmation at ${width} px`)
    await confirm.getByRole('button', { name: 'Move to trash' }).click()
    await expectToast(page, 'Moved 1 client to the trash. Restore them from the Trash within 30 days.')
    await expect(page.getByRole('checkbox', { name: 'Select Bruno Dias' })).toHaveCount(0)
    await expect(page.getByRole('checkbox', { name: 'Select Ana Lima' })).toBeVisible()

    // From the client's matches straight onto the shortlist.
    await page.goto(`/client/${ana}`)
    await pageReady(page, javaScriptEnabled)
    const matches = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Matching properties' }) })
    await matches.getByRole('button', { name: 'Add to shortlist: Harbour Flat' }).click()
    await expectToast(page, 'Added Harbour Flat to the shortlist of Ana Lima.')
    await expect(matches.getByText('On the shortlist')).toBeVisible()
    await expect(matches.getByRole('button', { name: 'Add to shortlist: Harbour Flat' })).toHaveCount(0)
    await expectNoSidewaysScroll(page, `/client with a match on the shortlist at ${width} px`)
  })
}
