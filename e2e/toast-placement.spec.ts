import type { Page } from '@playwright/test'
import { expect, expectToast, makeBroker, signIn, signUp, test } from './support/fixtures.ts'
import { insertShare } from './support/a11y.ts'
import { clientIdFrom, insertListingItem, pageReady, resetLoopbackFeedbackLimit } from './support/clients.ts'
import { DESKTOP_WIDTH, PHONE_WIDTH } from './support/layout.ts'
import { insertProperties } from './support/properties.ts'

const PHONE_HEIGHT = 667

/** Where the toast is, and every visible control it lies over, header controls apart. */
async function toastPlacement(page: Page) {
  return page.evaluate(() => {
    const toast = document.querySelector('[data-toast]')
    if (!toast) throw new Error('no toast on the page')
    const t = toast.getBoundingClientRect()
    const covered = [...document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, summary')]
      .filter((element) => !element.closest('header, .honeypot, .sr-only') && element.checkVisibility())
      .filter((element) => {
        const r = element.getBoundingClientRect()
        return r.width > 0 && r.height > 0 && r.bottom > t.top && r.top < t.bottom && r.right > t.left && r.left < t.right
      })
      .map((element) => `<${element.tagName.toLowerCase()}> "${(element.textContent || element.getAttribute('name') || '').trim().slice(0, 40)}"`)
    return { top: t.top, bottom: t.bottom, viewportHeight: window.innerHeight, covered }
  })
}

async function expectToastAtTopCoveringNothing(page: Page, what: string) {
  const placement = await toastPlacement(page)
  expect(placement.top, `${what}: the toast is at the top`).toBeLessThan(12)
  expect(placement.covered, `${what}: controls under the toast`).toEqual([])
}

/**
 * Issue 25: on a phone the toast sat at the foot of the screen, over the button a finger had
 * just used or was about to. It sits at the top now, over the header strip, and covers none of
 * the page's controls; a keyboard user in the header makes it step aside. Wider screens keep it
 * at the foot, on the right.
 */
test.describe('toasts on a phone', () => {
  test.use({ viewport: { width: PHONE_WIDTH, height: PHONE_HEIGHT } })

  test('sit at the top and cover none of the page’s controls', async ({ page, db, javaScriptEnabled }) => {
    const broker = makeBroker()
    await signUp(page, broker)
    await expectToastAtTopCoveringNothing(page, 'sign-up → /auth')
    await signIn(page, broker)
    await expectToastAtTopCoveringNothing(page, 'sign-in → /home')

    await page.goto('/profile/account')
    await pageReady(page, javaScriptEnabled)
    await page.getByRole('button', { name: 'Save profile' }).click()
    await expectToast(page, 'Profile saved.')
    await expectToastAtTopCoveringNothing(page, 'Save profile')

    await page.goto('/client/new')
    await pageReady(page, javaScriptEnabled)
    await page.getByLabel('Full name', { exact: true }).fill('Maria Santos')
    await page.getByRole('button', { name: 'Add client' }).click()
    await expectToast(page, 'Client added.')
    await expectToastAtTopCoveringNothing(page, 'Add client')
    const clientId = clientIdFrom(page)

    const [propertyId] = await insertProperties(db, broker.email, [{ title: 'Harbour View Apartment', city: 'Lisbon', status: 'active' }])
    await page.goto(`/property/${propertyId}`)
    await pageReady(page, javaScriptEnabled)
    await page.getByRole('button', { name: 'Create share link' }).click()
    await expectToast(page, 'Share link created. Copy it from the list below.')
    await expectToastAtTopCoveringNothing(page, 'Create share link')

    // A keyboard user in the header: the toast steps aside rather than hide the focused link.
    await page.goto('/profile/account')
    await pageReady(page, javaScriptEnabled)
    await page.getByRole('button', { name: 'Save profile' }).click()
    await expectToast(page, 'Profile saved.')
    const deals = page.getByRole('navigation', { name: 'More' }).getByRole('link', { name: 'Deals' })
    await page.locator('header:visible').getByRole('link', { name: 'BrokerVault' }).focus()
    await page.keyboard.press('Tab')
    await expect(deals).toBeFocused()
    await expect(page.locator('[data-toast]')).toBeHidden()

    // A client's share page (no script): the thank-you after feedback is at the top too.
    await resetLoopbackFeedbackLimit(db)
    await insertListingItem(db, broker.email, clientId, propertyId!)
    const share = await insertShare(db, broker.email, { clientId })
    const client = await page.context().browser()!.newContext({ viewport: { width: PHONE_WIDTH, height: PHONE_HEIGHT }, javaScriptEnabled })
    try {
      const phone = await client.newPage()
      await phone.goto(`/client-listing/${share}`)
      await phone.getByRole('button', { name: 'Interested', exact: true }).click()
      await expect(phone.getByText('Thank you! Your feedback has been sent to your broker.')).toBeVisible()
      await expectToastAtTopCoveringNothing(phone, 'feedback on a share page')
    } finally {
      await client.close()
    }
  })
})

test('on a wide screen the toast stays at the foot, on the right', async ({ page }) => {
  await page.setViewportSize({ width: DESKTOP_WIDTH, height: 800 })
  await signUp(page)
  const placement = await toastPlacement(page)
  expect(placement.bottom).toBeGreaterThan(placement.viewportHeight - 40)
})
