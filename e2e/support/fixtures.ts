import { randomBytes } from 'node:crypto'
import { expect, type Locator, type Page } from '@playwright/test'

// Specs import everything from here: the `test` with the worker-scoped `db` fixture, and helpers.
export { hydrateOnLoad, test } from './hydration.ts'
export { expect }

export type Broker = { fullName: string; email: string; password: string }

/** A broker nobody else uses: unique e-mail per call, so runs and projects never collide. */
export function makeBroker(prefix = 'e2e'): Broker {
  const id = `${Date.now()}-${randomBytes(4).toString('hex')}`
  return {
    fullName: `Test Broker ${id.slice(-6)}`,
    email: `${prefix}-${id}@example.com`,
    password: `Vault-${randomBytes(6).toString('hex')}-Pw!`,
  }
}

/** The toast region (one toast at a time): role=status for success, role=alert for errors. */
export function toasts(page: Page): Locator {
  // "Notifications (F8)" in the app; share pages, which ship no script, have no F8.
  return page.getByRole('region', { name: /^Notifications( \(F8\))?$/ })
}

export async function expectToast(page: Page, message: string) {
  await expect(toasts(page).getByText(message, { exact: true })).toBeVisible()
}

/** Fills and submits the sign-up form; does not check the outcome. */
export async function submitSignUp(page: Page, broker: Broker) {
  await page.goto('/auth?mode=signup')
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible()
  await page.getByLabel('Full Name', { exact: true }).fill(broker.fullName)
  await page.getByLabel('Email', { exact: true }).fill(broker.email)
  await page.getByLabel('Password', { exact: true }).fill(broker.password)
  await page.getByRole('button', { name: 'Create account' }).click()
}

/** Signs a new broker up through the UI and checks it lands on sign-in with the prompt. */
export async function signUp(page: Page, broker: Broker = makeBroker()) {
  await submitSignUp(page, broker)
  await expect(page).toHaveURL(/\/auth$/)
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible()
  await expectToast(page, 'Account created successfully! Sign in to continue.')
  return broker
}

/** Fills and submits the sign-in form on the current /auth page. */
export async function submitSignIn(page: Page, email: string, password: string) {
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible()
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/** Signs in through the UI from /auth and waits for the success toast. */
export async function signIn(page: Page, broker: Broker) {
  if (!new URL(page.url()).pathname.startsWith('/auth')) await page.goto('/auth')
  await submitSignIn(page, broker.email, broker.password)
  await expectToast(page, 'Logged in successfully!')
}

/** A new broker, signed up and signed in, on /home. */
export async function signUpAndSignIn(page: Page, broker: Broker = makeBroker()) {
  await signUp(page, broker)
  await signIn(page, broker)
  await expect(page).toHaveURL(/\/home$/)
  return broker
}
