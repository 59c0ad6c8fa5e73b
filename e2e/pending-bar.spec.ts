import { expect, signUpAndSignIn, test } from './support/fixtures.ts'

// A pending state of client-side navigation: JavaScript only (the js-off project ignores this file,
// playwright.config.ts), as the seed's loading texts are.
test('the "Checking authentication..." bar waits 400 ms before it covers the navigation', async ({ page }) => {
  await signUpAndSignIn(page)
  await page.waitForFunction(() => typeof (window as { trialExpired?: unknown }).trialExpired === 'boolean')
  // In the page: when the click happened, and when the bar first appeared.
  await page.evaluate(() => {
    const w = window as unknown as { clickedAt?: number; barAt?: number }
    document.addEventListener('click', () => (w.clickedAt = performance.now()), { capture: true })
    new MutationObserver(() => {
      const bar = [...document.querySelectorAll('[role="status"]')].some((e) => e.textContent === 'Checking authentication...')
      if (bar && w.barAt === undefined) w.barAt = performance.now()
    }).observe(document.body, { childList: true, subtree: true, characterData: true })
  })
  // A slow page change: the next page's data is held back 1.5 s.
  await page.route('**/clients.data*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clients' }).click()
  const bar = page.getByRole('status').filter({ hasText: 'Checking authentication...' })
  await expect(bar).toBeVisible()
  const { clickedAt, barAt } = await page.evaluate(() => {
    const w = window as unknown as { clickedAt: number; barAt: number }
    return { clickedAt: w.clickedAt, barAt: w.barAt }
  })
  expect(barAt - clickedAt).toBeGreaterThanOrEqual(390)
  await expect(page).toHaveURL(/\/clients$/)
  await expect(bar).toHaveCount(0)
})
