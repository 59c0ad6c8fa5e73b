import { expect, signUpAndSignIn, test } from './support/fixtures.ts'
import { pageReady } from './support/clients.ts'
import { DESKTOP_WIDTH, expectNoSidewaysScroll, PHONE_WIDTH } from './support/layout.ts'

const SECTIONS = [
  ['Account', /\/profile\/account$/, 'Save profile'],
  ['Security', /\/profile\/security$/, 'Change password'],
  ['Billing', /\/profile\/billing$/, 'Choose a plan'],
  ['Connections', /\/profile\/connections$/, 'Create a feed address'],
  ['Your data', /\/profile\/data$/, 'Delete my account'],
] as const

for (const width of [PHONE_WIDTH, DESKTOP_WIDTH]) {
  test.describe(`the profile in sections at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } })

    test('/profile lists the sections; each opens with its own heading, forms and the section marked', async ({ page, javaScriptEnabled }) => {
      test.setTimeout(90_000)
      const broker = await signUpAndSignIn(page)
      // The bottom bar's (or top bar's) Profile.
      await page.getByRole('navigation', { name: 'Main' }).filter({ visible: true }).getByRole('link', { name: 'Profile' }).click()
      await expect(page).toHaveURL(/\/profile$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
      await expect(page.getByText(`Signed in as ${broker.email}`)).toBeVisible()
      await expectNoSidewaysScroll(page, '/profile')

      for (const [title, url, control] of SECTIONS) {
        await page.goto('/profile')
        await pageReady(page, javaScriptEnabled)
        // The index's card for the section (its name, then what is in it).
        await page.locator('main').getByRole('list').getByRole('link', { name: new RegExp(`^${title}`) }).click()
        await expect(page).toHaveURL(url)
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
        const nav = page.getByRole('navigation', { name: 'Profile sections' })
        await expect(nav.locator('[aria-current="page"]')).toHaveText(title)
        await expect(page.getByRole('button', { name: control }).or(page.getByRole('link', { name: control }))).toBeVisible()
        // Only this section's forms.
        for (const [other, , otherControl] of SECTIONS) {
          if (other !== title) await expect(page.getByRole('button', { name: otherControl, exact: true }), `${title} has ${otherControl}`).toHaveCount(0)
        }
        await expectNoSidewaysScroll(page, title)
      }

      // The section links go from one section to the next without the index.
      await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name: 'Security' }).click()
      await expect(page).toHaveURL(/\/profile\/security$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible()
      await expect(page.getByRole('heading', { level: 2, name: 'Two-factor authentication' })).toBeVisible()
    })
  })
}
