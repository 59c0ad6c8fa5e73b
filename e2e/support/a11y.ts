import { randomBytes } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import axe from 'axe-core'
import { expect, type Locator, type Page } from '@playwright/test'
import type { E2EDatabase } from './db.ts'

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: the issue's target (2.2 added only AA rules to axe's tags). */
export const WCAG_22_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/**
 * What AxeBuilder evaluates in the page in place of axe-core's 600 kB source: a check that
 * `injectAxe` put axe there after the last navigation. Evaluating the source costs about 0.2 s a
 * time, and AxeBuilder's default mode evaluates it twice per scan and opens a blank page for
 * `axe.finishRun` (about 1.3 s a scan in all, against 0.2 s for axe's own run); a page loaded once
 * and scanned four times (two themes, two widths) needs the source once.
 */
const AXE_ALREADY_INJECTED = `if (typeof window.axe?.run !== 'function') throw new Error('axe-core is not on this page: call injectAxe(page) after each navigation')`

/** Puts axe-core on the page as loaded; again after every navigation. Works under the page's CSP (no bypassCSP). */
export async function injectAxe(page: Page) {
  await page.evaluate(axe.source)
}

/**
 * Runs axe (injected by `injectAxe`) on the page as it is now and fails, softly, with each rule
 * and the elements it found, so one run reports every page that fails.
 *
 * Legacy mode runs `axe.run` in the page itself: the app has no frames (checked here), and
 * `axe.runPartial` + `axe.finishRun` only matter for cross-origin frames. `resultTypes` keeps
 * axe from building selectors for every passing node; violations still list all theirs.
 */
export async function expectNoAxeViolations(page: Page, what: string) {
  expect(page.frames(), `${what} has no frames (legacy mode scans the top document only)`).toHaveLength(1)
  const { violations } = await new AxeBuilder({ page, axeSource: AXE_ALREADY_INJECTED })
    .setLegacyMode()
    .options({ runOnly: { type: 'tag', values: WCAG_22_AA_TAGS }, resultTypes: ['violations'] })
    .analyze()
  const found = violations.map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
  expect.soft(found, `axe violations on ${what}`).toEqual([])
}

/** Sets the theme cookie the way the theme buttons do: a same-origin POST /theme. */
export async function setTheme(page: Page, theme: 'light' | 'dark') {
  const response = await page.request.post('/theme', { form: { theme, redirectTo: '/' }, maxRedirects: 0 })
  expect(response.status(), `POST /theme ${theme}`).toBe(302)
}

/**
 * Switches the loaded page to `theme` the way a page rendered with that theme cookie starts:
 * the cookie only sets `data-theme` on <html> (root.tsx), and app.css keys every colour on it;
 * nothing animates colours and no script reads the attribute. The one other difference is the
 * pressed button of the theme form on /profile/account, so that page is loaded with the cookie instead.
 */
export async function switchThemeInPlace(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), theme)
}

/**
 * The focused element can be seen: it is not <body>, it lies inside the viewport, and the point
 * at its centre is the element itself or inside it, so no fixed bar (the phone's bottom bar, the
 * sticky header) covers it (WCAG 2.4.11 Focus Not Obscured).
 */
export async function expectFocusInView(page: Page, step: string) {
  const state = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    if (!element || element === document.body) return { ok: false, what: 'focus is on <body>' }
    const rect = element.getBoundingClientRect()
    const what = `<${element.tagName.toLowerCase()}> "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}" at ${Math.round(rect.top)}–${Math.round(rect.bottom)} of ${window.innerHeight}`
    const inViewport = rect.width > 0 && rect.height > 0 && rect.top >= 0 && rect.left >= 0 && rect.bottom <= window.innerHeight && rect.right <= window.innerWidth
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2)
    const uncovered = hit !== null && (hit === element || element.contains(hit))
    return { ok: inViewport && uncovered, what: `${what}${inViewport ? '' : ', outside the viewport'}${uncovered ? '' : `, covered by <${hit?.tagName.toLowerCase()}>`}` }
  })
  expect(state.ok, `${step}: ${state.what}`).toBe(true)
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement)

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking at every stop that the focused
 * element is in view and uncovered. Fails after `maxStops`.
 */
export async function tabTo(page: Page, target: Locator, step: string, { backwards = false, maxStops = 40 } = {}) {
  for (let stop = 1; stop <= maxStops; stop++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    await expectFocusInView(page, `${step}, stop ${stop}`)
    if (await isFocused(target)) return
  }
  throw new Error(`${step}: not reached in ${maxStops} Tab stops`)
}

/** A live share link straight in the database (the UI that makes one is tested elsewhere). */
export async function insertShare(db: E2EDatabase, email: string, target: { propertyId: string } | { clientId: string }) {
  const id = randomBytes(16).toString('base64url')
  const owner = db.sql`(select id from users where lower(email) = lower(${email}))`
  if ('propertyId' in target) await db.sql`insert into shares (id, owner_id, kind, property_id) values (${id}, ${owner}, 'property', ${target.propertyId})`
  else await db.sql`insert into shares (id, owner_id, kind, client_id) values (${id}, ${owner}, 'client_listing', ${target.clientId})`
  return id
}

/**
 * A client with property alerts on, straight in the database: the alert page's share, the
 * unsubscribe token, and `propertyId` as mailed today (the UI and job that make them are tested
 * in client-alerts.spec.ts and tests/integration/client-alerts.test.ts).
 */
export async function insertClientAlert(db: E2EDatabase, email: string, clientId: string, propertyId: string) {
  const shareId = randomBytes(16).toString('base64url')
  const unsubscribeToken = randomBytes(32).toString('base64url')
  const owner = db.sql`(select id from users where lower(email) = lower(${email}))`
  await db.sql`insert into shares (id, owner_id, kind, client_id) values (${shareId}, ${owner}, 'client_alert', ${clientId})`
  await db.sql`
    insert into client_alerts (client_id, owner_id, share_id, unsubscribe_token, consented_at)
    values (${clientId}, ${owner}, ${shareId}, ${unsubscribeToken}, now())`
  await db.sql`
    insert into alert_matches (owner_id, client_id, property_id, reason, reason_key, price, currency, mailed_at)
    values (${owner}, ${clientId}, ${propertyId}, 'new', 'new', 450000, 'EUR', now())`
  return { alertPath: `/alerts/${shareId}`, unsubscribePath: `/unsubscribe/${unsubscribeToken}` }
}
