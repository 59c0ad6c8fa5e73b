import { randomBytes } from 'node:crypto'
import type { Browser, Page } from '@playwright/test'
import { expectNoAxeViolations, injectAxe } from './support/a11y.ts'
import { insertClient, pageReady } from './support/clients.ts'
import { expect, expectToast, hydrateOnLoad, makeBroker, signUp, signUpAndSignIn, test, type Broker } from './support/fixtures.ts'
import type { E2EDatabase } from './support/db.ts'
import { insertProperties } from './support/properties.ts'

/**
 * Issue 26: assignment in an agency of several, with JavaScript on and off. An admin hands a
 * client to a colleague from the client's page, and the colleague finds it under "Mine"; the
 * owner's bulk bar of /properties hands several listings at once, and the list shows one
 * member's. Members join by the database (e2e/agency.spec.ts takes the invitation's way).
 */

const suffix = () => randomBytes(3).toString('hex')

/** axe on the hydrated page (the server's markup is the same either way). */
async function scanIfScripted(page: Page, javaScriptEnabled: boolean, what: string) {
  if (!javaScriptEnabled) return
  await injectAxe(page)
  await expectNoAxeViolations(page, what)
}

/** A colleague signed up and in, in a browser of their own, made a member of the owner's agency. */
async function colleagueOf(browser: Browser, db: E2EDatabase, ownerEmail: string) {
  const context = await browser.newContext()
  await hydrateOnLoad(context)
  const colleaguePage = await context.newPage()
  const colleague: Broker = { ...makeBroker('assign-colleague'), fullName: `Ana Colleague ${suffix()}` }
  await signUpAndSignIn(colleaguePage, colleague)
  await db.joinAgency(ownerEmail, colleague.email, 'agent')
  return { colleague, colleaguePage, close: () => context.close() }
}

/** The signed-in owner on `page` (on a plan with seats), and a colleague agent. */
async function agencyOfTwo(page: Page, browser: Browser, db: E2EDatabase) {
  const owner = await signUpAndSignIn(page, makeBroker('assign-owner'))
  await db.setPlan(owner.email, 'professional')
  return { owner, ...(await colleagueOf(browser, db, owner.email)) }
}

/** An owner (signed up only), the signed-in admin on `page`, and a colleague agent. */
async function agencyWithAdmin(page: Page, browser: Browser, db: E2EDatabase) {
  const context = await browser.newContext()
  const owner = makeBroker('assign-owner')
  try {
    await signUp(await context.newPage(), owner)
  } finally {
    await context.close()
  }
  await db.setPlan(owner.email, 'professional')
  const admin = await signUpAndSignIn(page, makeBroker('assign-admin'))
  await db.joinAgency(owner.email, admin.email, 'admin')
  return { owner, admin, ...(await colleagueOf(browser, db, owner.email)) }
}

test('an admin assigns a client to a colleague, who finds it under Mine', async ({ page, browser, db, javaScriptEnabled }) => {
  test.setTimeout(120_000)
  const { owner, colleague, colleaguePage, close } = await agencyWithAdmin(page, browser, db)
  try {
    const clientName = `Clara Assigned ${suffix()}`
    const clientId = await insertClient(db, owner.email, { fullName: clientName })

    // Not the colleague's yet: their list (Mine, an agent's default) does not have it.
    await colleaguePage.goto('/clients')
    await expect(colleaguePage.getByLabel('Show', { exact: true })).toHaveValue('mine')
    await expect(colleaguePage.getByRole('link', { name: clientName })).toHaveCount(0)

    await page.goto(`/client/${clientId}`)
    await pageReady(page, javaScriptEnabled)
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Assignment and sharing' }) })
    const assignedTo = card.getByLabel('Assigned to', { exact: true })
    await expect(assignedTo).toHaveValue(await ownerId(db, owner.email))
    await assignedTo.selectOption({ label: colleague.fullName })
    await card.getByRole('button', { name: 'Assign', exact: true }).click()
    await expectToast(page, `Assigned ${clientName} to ${colleague.fullName}.`)
    await expect(page).toHaveURL(new RegExp(`/client/${clientId}$`))
    await expect(card.getByLabel('Assigned to', { exact: true })).toHaveValue(await ownerId(db, colleague.email))
    await expect(page.getByRole('link', { name: `You assigned ${clientName} to ${colleague.fullName}` })).toBeVisible()
    await scanIfScripted(page, javaScriptEnabled, 'a client page with its assignment card')

    // The colleague's list, Mine: there it is, assigned to them; Agency shows it too.
    await colleaguePage.goto('/clients')
    await expect(colleaguePage.getByRole('link', { name: new RegExp(clientName) })).toBeVisible()
    await colleaguePage.getByLabel('Show', { exact: true }).selectOption('agency')
    await colleaguePage.getByRole('button', { name: 'Show', exact: true }).click()
    await expect(colleaguePage).toHaveURL(/\/clients\?assigned=agency$/)
    await expect(colleaguePage.getByRole('link', { name: new RegExp(clientName) })).toBeVisible()
    await colleaguePage.getByRole('link', { name: new RegExp(clientName) }).click()
    await expect(colleaguePage.getByRole('heading', { level: 1, name: clientName })).toBeVisible()
    await expect(colleaguePage.getByTestId('assignee')).toHaveText(colleague.fullName)
    await scanIfScripted(colleaguePage, javaScriptEnabled, "an agent's view of a client assigned to them")
  } finally {
    await close()
  }
})

test('an owner assigns ticked listings to a colleague from the bulk bar of /properties', async ({ page, browser, db, javaScriptEnabled }) => {
  test.setTimeout(120_000)
  const { owner, colleague, close } = await agencyOfTwo(page, browser, db)
  try {
    const tag = suffix()
    await insertProperties(db, owner.email, [
      { title: `North Loft ${tag}`, status: 'active' },
      { title: `South House ${tag}`, status: 'active' },
      { title: `East Flat ${tag}`, status: 'active' },
    ])
    await page.goto('/properties')
    await pageReady(page, javaScriptEnabled)
    const actions = page.getByRole('form', { name: 'With the selected properties' })
    await page.getByRole('checkbox', { name: `Select North Loft ${tag}` }).check()
    await page.getByRole('checkbox', { name: `Select South House ${tag}` }).check()

    // No member chosen: the message beside the bar, the rows still ticked.
    await actions.getByRole('button', { name: 'Assign', exact: true }).click()
    await expect(actions.getByText('Choose who to assign them to.')).toBeVisible()
    await expect(page.getByRole('checkbox', { name: `Select North Loft ${tag}` })).toBeChecked()

    await actions.getByLabel('Assign to', { exact: true }).selectOption({ label: colleague.fullName })
    await actions.getByRole('button', { name: 'Assign', exact: true }).click()
    await expectToast(page, `Assigned 2 properties to ${colleague.fullName}.`)
    const owners = await db.sql<{ title: string; email: string }[]>`
      select p.title, u.email from properties p join users u on u.id = p.owner_id where p.title like ${`% ${tag}`} order by p.title`
    expect(owners.map((r) => `${r.title}: ${r.email}`)).toEqual([
      `East Flat ${tag}: ${owner.email}`,
      `North Loft ${tag}: ${colleague.email}`,
      `South House ${tag}: ${colleague.email}`,
    ])

    // The cards say who has each; the colleague's listings on their own.
    await expect(page.getByRole('link', { name: new RegExp(`North Loft ${tag}`) }).getByTestId('assignee')).toHaveText(`Assigned to ${colleague.fullName}`)
    await page.getByLabel('Show', { exact: true }).selectOption({ label: colleague.fullName })
    await page.getByRole('button', { name: 'Show', exact: true }).click()
    await expect(page.getByRole('link', { name: new RegExp(`North Loft ${tag}`) })).toBeVisible()
    await expect(page.getByRole('link', { name: new RegExp(`South House ${tag}`) })).toBeVisible()
    await expect(page.getByRole('link', { name: new RegExp(`East Flat ${tag}`) })).toHaveCount(0)
    await scanIfScripted(page, javaScriptEnabled, "/properties with Show and the bulk bar's Assign to")
  } finally {
    await close()
  }
})

async function ownerId(db: E2EDatabase, email: string) {
  const [row] = await db.sql<{ id: string }[]>`select id from users where lower(email) = lower(${email})`
  return row!.id
}
