import { expect, type Locator, type Page } from '@playwright/test'
import type { E2EDatabase } from './db.ts'

/** The id in /client/{id} (or /client/{id}/…) of the current page. */
export function clientIdFrom(page: Page): string {
  const match = /\/client\/([0-9a-f-]{36})(?:\/|$)/.exec(new URL(page.url()).pathname)
  if (!match?.[1]) throw new Error(`No client id in ${page.url()}`)
  return match[1]
}

export const CLIENT_URL = /\/client\/[0-9a-f-]{36}$/

/** The id of a deal from a link to /deal/{id}. */
export async function dealIdFromLink(link: Locator): Promise<string> {
  const href = await link.getAttribute('href')
  const match = /^\/deal\/([0-9a-f-]{36})$/.exec(href ?? '')
  if (!match?.[1]) throw new Error(`Not a deal link: ${href}`)
  return match[1]
}

/**
 * With JavaScript, waits until React has hydrated the page: the root's effect sets
 * `window.trialExpired` (a boolean) once it runs. Without JavaScript there is nothing to wait for.
 */
export async function pageReady(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.waitForFunction(() => typeof (window as { trialExpired?: unknown }).trialExpired === 'boolean')
}

/**
 * With JavaScript, waits until a Conform form (client form, deal forms) is hydrated: Conform then
 * turns the browser's own checks off (`novalidate`). Without JavaScript there is nothing to wait for.
 */
export async function conformFormReady(form: Locator, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(form).toHaveAttribute('novalidate', '')
}

const isLocator = (scope: Page | Locator): scope is Locator => typeof (scope as Locator).page === 'function'

/** A form found by its submit button's name. */
export function formWithButton(scope: Page | Locator, buttonName: string): Locator {
  const page = isLocator(scope) ? scope.page() : scope
  return scope.locator('form').filter({ has: page.getByRole('button', { name: buttonName, exact: true }) })
}

/** A card (<section>) found by its heading. */
export function card(page: Page, heading: string | RegExp): Locator {
  return page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: heading, exact: typeof heading === 'string' }) })
}

/** The new/edit client form: fills what is given, by the labels a broker reads. */
export type ClientFormInput = {
  'Full name'?: string
  Email?: string
  Phone?: string
  Source?: string
  Kind?: string
  Stage?: string
  Tags?: string
  Purpose?: string
  'Cities or areas'?: string
  'Budget from'?: string
  'Budget up to'?: string
  'Budget currency'?: string
  'Bedrooms (at least)'?: string
  Notes?: string
}

const CLIENT_SELECTS = new Set(['Kind', 'Stage', 'Purpose'])

export async function fillClientForm(form: Locator, values: ClientFormInput) {
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined) continue
    const control = form.getByLabel(field, { exact: true })
    // The currency select's options are "EUR — Euro": chosen by their code.
    if (field === 'Budget currency') await control.selectOption(value.toUpperCase())
    else if (CLIENT_SELECTS.has(field)) await control.selectOption({ label: value })
    else await control.fill(value)
  }
}

/** One column of the /deals board, by its stage value (lead, offer, closed_won…). */
export function dealColumn(page: Page, stage: string): Locator {
  return page.locator(`section[data-stage="${stage}"]`)
}

/** A deal's card on the /deals board. */
export function dealCard(page: Page, dealId: string): Locator {
  return page.locator(`article[data-deal-id="${dealId}"]`)
}

/** Checks one board column: its heading with the count, its total and its cards' titles. */
export async function expectDealColumn(page: Page, stage: string, heading: string, total: string, titles: string[]) {
  const column = dealColumn(page, stage)
  await expect(column.getByRole('heading', { level: 2 })).toHaveText(heading)
  await expect(page.getByTestId(`total-${stage}`)).toHaveText(total)
  await expect(column.getByRole('heading', { level: 3 })).toHaveText(titles)
  if (titles.length === 0) await expect(column.getByText('No deals here.', { exact: true })).toBeVisible()
}

// ---------------------------------------------------------------------------------------------
// Direct SQL for states the UI has already been tested to make (another broker's data).

export async function insertClient(
  db: E2EDatabase,
  email: string,
  { fullName, kind = 'buyer', notes = '' }: { fullName: string; kind?: string; notes?: string },
) {
  const [row] = await db.sql<{ id: string }[]>`
    insert into clients (owner_id, full_name, kind, notes)
    values ((select id from users where lower(email) = lower(${email})), ${fullName}, ${kind}::client_kind, ${notes})
    returning id`
  if (!row) throw new Error(`insertClient: nothing inserted for ${email}`)
  return row.id
}

/** Appends a property to a client's shortlist (positions 0, 1, 2… in call order). */
export async function insertListingItem(db: E2EDatabase, email: string, clientId: string, propertyId: string, note = '') {
  await db.sql`
    insert into client_listing_items (owner_id, client_id, property_id, position, note)
    values (
      (select id from users where lower(email) = lower(${email})), ${clientId}, ${propertyId},
      (select coalesce(max(position) + 1, 0) from client_listing_items where client_id = ${clientId}),
      ${note}
    )`
}

export async function insertDeal(
  db: E2EDatabase,
  email: string,
  clientId: string,
  { title, value = null, currency = 'USD', propertyId = null }: { title: string; value?: number | null; currency?: string; propertyId?: string | null },
) {
  const [row] = await db.sql<{ id: string }[]>`
    insert into deals (owner_id, client_id, property_id, title, value, currency)
    values ((select id from users where lower(email) = lower(${email})), ${clientId}, ${propertyId}, ${title}, ${value}, ${currency})
    returning id`
  if (!row) throw new Error(`insertDeal: nothing inserted for ${email}`)
  return row.id
}

export async function getDealStage(db: E2EDatabase, dealId: string): Promise<string | null> {
  const [row] = await db.sql<{ stage: string }[]>`select stage from deals where id = ${dealId}`
  return row?.stage ?? null
}

/** The broker's private notes on a property (never shown on shared pages). */
export async function setPrivateNotes(db: E2EDatabase, propertyId: string, privateNotes: string) {
  const rows = await db.sql`update properties set private_notes = ${privateNotes} where id = ${propertyId} returning id`
  if (rows.count !== 1) throw new Error(`setPrivateNotes: no property ${propertyId}`)
}

export async function countFeedback(db: E2EDatabase, clientId: string): Promise<number> {
  const [row] = await db.sql<{ count: number }[]>`select count(*)::int as count from client_feedback where client_id = ${clientId}`
  return row?.count ?? 0
}

/**
 * Every e2e client posts feedback from the loopback address, and the app allows an address 10
 * posts per 15 minutes: reruns of the suite would hit that limit. Clears the loopback's counter
 * only (the per-share limit is per link, and every test makes its own link).
 */
export async function resetLoopbackFeedbackLimit(db: E2EDatabase) {
  const loopback = String.raw`^feedback:ip:(127\.|::1$|::ffff:127\.)`
  await db.sql`delete from rate_limits where key ~ ${loopback}`
}
