import { E2E_DATABASE_URL } from './support/env.ts'
import { expect, expectToast, signUpAndSignIn, test, hydrateOnLoad } from './support/fixtures.ts'
import { startServerProcess, type ServerProcess } from '#tests/support/server-process.ts'
import { startFakeStripe, type FakeStripe } from '#tests/support/stripe-api.ts'

/*
 * The whole Stripe flow in a real browser. This spec runs its own app server with Stripe
 * configured (the shared e2e server keeps the manual provider) against a local fake of the
 * Stripe API, whose hosted "Checkout" page sends the app signed webhooks when Pay is pressed.
 */

const WEBHOOK_SECRET = 'whsec_e2e_secret'
const PRICES = { starter: 'price_starter_e2e', advanced: 'price_advanced_e2e', professional: 'price_professional_e2e' }

let stripe: FakeStripe
let app: ServerProcess

test.beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET })
  app = await startServerProcess({
    DATABASE_URL: E2E_DATABASE_URL,
    RATE_LIMIT_SIGNIN_PER_ACCOUNT: '1000',
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_STARTER: PRICES.starter,
    STRIPE_PRICE_ADVANCED: PRICES.advanced,
    STRIPE_PRICE_PROFESSIONAL: PRICES.professional,
    STRIPE_API_BASE: stripe.url,
  })
  await app.waitUntilHealthy()
  stripe.setWebhookUrl(`${app.url}/webhooks/stripe`)
})

test.afterAll(async () => {
  await app?.dispose()
  await stripe?.close()
})

test('an expired trial chooses a plan, pays in Checkout, and is back on the refused page with the plan active', async ({ browser, db }, testInfo) => {
  const context = await browser.newContext({ baseURL: app.url, javaScriptEnabled: testInfo.project.use.javaScriptEnabled })
  await hydrateOnLoad(context)
  const page = await context.newPage()
  try {
    const broker = await signUpAndSignIn(page)
    await db.expireTrial(broker.email)

    await page.goto('/clients')
    await expect(page).toHaveURL(/\/pricing$/)
    await page.getByRole('button', { name: 'Choose Starter' }).click()

    // Stripe's hosted page (the fake's), for the Starter price.
    await expect(page.getByRole('heading', { name: 'Fake Checkout' })).toBeVisible()
    expect(page.url().startsWith(`${stripe.url}/checkout/cs_test_`)).toBe(true)
    await expect(page.getByText(`Price ${PRICES.starter}`)).toBeVisible()
    await page.getByRole('button', { name: 'Pay' }).click()

    await expect(page).toHaveURL(new RegExp(`^${app.url}/clients$`))
    await expectToast(page, 'You are now on the Starter plan.')
    expect(await db.getPlan(broker.email)).toBe('starter')

    await page.goto('/profile/billing')
    const plan = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Plan' }) })
    await expect(plan.getByText('Status: Active')).toBeVisible()
    await expect(plan.getByText(/^Renews on /)).toBeVisible()
    await plan.getByRole('button', { name: 'Manage billing' }).click()
    await expect(page.getByRole('heading', { name: 'Fake billing portal' })).toBeVisible()
  } finally {
    await context.close()
  }
})
