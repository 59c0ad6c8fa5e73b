import { randomUUID } from 'node:crypto'
import type { Browser, Page } from '@playwright/test'
import { expect, expectToast, signUpAndSignIn, test } from './support/fixtures.ts'
import { expectNoAxeViolations, injectAxe } from './support/a11y.ts'
import { pageReady } from './support/clients.ts'
import { DESKTOP_WIDTH, expectNoSidewaysScroll } from './support/layout.ts'
import { insertProperties } from './support/properties.ts'

/*
 * Issue 27, item 3 (docs/decisions/038-open-house-sign-in.md): a broker starts an open house
 * from the property page; visitors sign in at the door on a tablet (768 px, portrait) and on
 * their own phone (360 px), with the browser's own checks first; each sign-in shows on the
 * property. Both projects: JavaScript on and off (the door page ships none either way).
 */

const DOORS = [
  { name: 'a tablet at the door', viewport: { width: 768, height: 1024 } },
  { name: 'a visitor’s phone', viewport: { width: 360, height: 740 } },
]

type Visitor = { name: string; email: string; phone: string }

async function signInAtTheDoor(browser: Browser, url: string, viewport: { width: number; height: number }, javaScriptEnabled: boolean, visitor: Visitor, scan: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, viewport, isMobile: viewport.width < 400, hasTouch: true })
  try {
    const door = await context.newPage()
    await door.goto(url)
    await expect(door.getByRole('heading', { level: 2, name: 'Welcome! Please sign in' })).toBeVisible()
    await expect(door.locator('script')).toHaveCount(0)
    await expectNoSidewaysScroll(door, `the door page at ${viewport.width} px`)
    if (scan && javaScriptEnabled) {
      await injectAxe(door)
      await expectNoAxeViolations(door, `the door page at ${viewport.width} px`)
    }
    // Large enough to hit with a finger.
    const button = await door.getByRole('button', { name: 'Sign in' }).boundingBox()
    expect(button!.height).toBeGreaterThanOrEqual(48)

    // The browser's own checks come first: nothing is sent without a name or an answer.
    await door.getByRole('button', { name: 'Sign in' }).click()
    expect(await door.getByLabel('Your name', { exact: true }).evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true)
    await door.getByLabel('Your name', { exact: true }).fill(visitor.name)
    await door.getByLabel('E-mail', { exact: true }).fill('not an address')
    await door.getByRole('button', { name: 'Sign in' }).click()
    expect(await door.getByLabel('E-mail', { exact: true }).evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true)
    await expect(door).toHaveURL(url)

    await door.getByLabel('E-mail', { exact: true }).fill(visitor.email)
    await door.getByLabel('Phone', { exact: true }).fill(visitor.phone)
    await door.getByRole('radio', { name: 'Yes' }).check()
    await door.getByLabel('If yes, your agent’s name', { exact: true }).fill('Rita Lopes')
    await door.getByRole('checkbox').check()
    await door.getByRole('button', { name: 'Sign in' }).click()
    const firstName = visitor.name.split(' ')[0]
    await expect(door.getByText(`Thank you, ${firstName}! Enjoy the visit.`)).toBeVisible()
    // Back to an empty form for the next visitor.
    await expect(door).toHaveURL(url)
    await expect(door.getByLabel('Your name', { exact: true })).toHaveValue('')
    await expect(door.getByLabel('E-mail', { exact: true })).toHaveValue('')
    await expect(door.getByRole('radio', { name: 'Yes' })).not.toBeChecked()
  } finally {
    await context.close()
  }
}

async function startOpenHouse(page: Page, javaScriptEnabled: boolean, propertyId: string) {
  await page.goto(`/property/${propertyId}`)
  await pageReady(page, javaScriptEnabled)
  const card = page.getByRole('region', { name: 'Open house' })
  await expect(card).toContainText('No open house yet.')
  // Today (the form's day), all day: running now.
  await card.getByLabel('From', { exact: true }).fill('00:00')
  await card.getByLabel('To', { exact: true }).fill('23:59')
  await card.getByRole('button', { name: 'Start an open house' }).click()
  await expectToast(page, 'Open house planned. Open its sign-in page on a tablet at the door.')
  await expect(card.getByText('Running now')).toBeVisible()
  await expect(card.getByTestId('open-house-qr').locator('svg')).toBeVisible()
  return card
}

test.describe('open-house sign-in', () => {
  test.use({ viewport: { width: DESKTOP_WIDTH, height: 900 } })

  test('a broker starts an open house from the property page; visitors sign in at the door on a tablet and a phone; the sign-ins show on the property', async ({ page, db, browser, javaScriptEnabled }) => {
    test.setTimeout(120_000)
    const broker = await signUpAndSignIn(page)
    const title = `Open House Flat ${randomUUID().slice(0, 6)}`
    const [propertyId] = await insertProperties(db, broker.email, [{ title, status: 'active' }])
    const card = await startOpenHouse(page, javaScriptEnabled, propertyId!)
    if (javaScriptEnabled) {
      await injectAxe(page)
      await expectNoAxeViolations(page, 'the property page with its open house')
    }
    const url = await card.getByRole('textbox', { name: /Sign-in page for the door/ }).inputValue()
    expect(url).toMatch(/\/open-house\/[A-Za-z0-9_-]{22}$/)

    const visitors = DOORS.map((door, i) => ({ door, visitor: { name: `${['Ana', 'Bruno'][i]} Visitor${i}`, email: `visitor-${i}-${randomUUID().slice(0, 8)}@example.com`, phone: `+351 91${i + 2} 345 678` } }))
    for (const [i, { door, visitor }] of visitors.entries()) {
      await test.step(`sign in on ${door.name}`, () => signInAtTheDoor(browser, url, door.viewport, javaScriptEnabled, visitor, i === 0 || javaScriptEnabled))
    }

    await page.reload()
    const signIns = page.getByRole('region', { name: 'Open house' }).getByTestId('open-house-sign-ins')
    for (const { visitor } of visitors) {
      await expect(signIns).toContainText(visitor.name)
      await expect(signIns).toContainText(visitor.email)
    }
    await expect(signIns).toContainText('Working with an agent: Rita Lopes')
    // Each is a new lead on the listing.
    await page.goto('/leads')
    for (const { visitor } of visitors) await expect(page.getByTestId('lead-item').filter({ hasText: visitor.name })).toBeVisible()

    // The printable QR sign, and the open houses page; then the broker ends it and the door closes.
    await page.goto(`/property/${propertyId}/open-houses`)
    await pageReady(page, javaScriptEnabled)
    await expect(page.getByRole('heading', { level: 1, name: `Open houses of ${title}` })).toBeVisible()
    if (javaScriptEnabled) {
      await injectAxe(page)
      await expectNoAxeViolations(page, 'the open houses page')
    }
    await page.getByRole('link', { name: 'Print the QR sign' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome! Please sign in' })).toBeVisible()
    await expect(page.getByTestId('open-house-sign-qr').locator('svg')).toBeVisible()
    if (javaScriptEnabled) {
      await injectAxe(page)
      await expectNoAxeViolations(page, 'the QR sign')
    }
    await page.goto(`/property/${propertyId}`)
    await pageReady(page, javaScriptEnabled)
    await page.getByRole('button', { name: 'End the open house now' }).click()
    await expectToast(page, 'Open house ended: sign-ins are closed.')
    const after = await browser.newContext({ javaScriptEnabled, viewport: DOORS[0]!.viewport })
    try {
      const door = await after.newPage()
      await door.goto(url)
      await expect(door.getByText('This open house has ended.')).toBeVisible()
      await expect(door.getByRole('button', { name: 'Sign in' })).toHaveCount(0)
      if (javaScriptEnabled) {
        await injectAxe(door)
        await expectNoAxeViolations(door, 'the door page after the open house')
      }
    } finally {
      await after.close()
    }
  })
})
