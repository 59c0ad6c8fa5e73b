import { formWithButton } from './support/clients.ts'
import { expect, expectToast, makeBroker, signUpAndSignIn, test } from './support/fixtures.ts'

test('inviting beyond the seats says so by the field and links to the seats form; adding a seat lets the invitation through', async ({ page }) => {
  test.setTimeout(60_000)
  await signUpAndSignIn(page, makeBroker('seats'))
  await page.goto('/agency')
  const inviteForm = formWithButton(page, 'Send invitation')
  const inviteEmail = inviteForm.getByRole('textbox', { name: 'Email', exact: true })

  // The trial's two seats: the owner's and one invitation.
  const firstEmail = makeBroker('first').email
  await inviteEmail.fill(firstEmail)
  await inviteForm.getByRole('button', { name: 'Send invitation' }).click()
  await expectToast(page, `Invitation sent to ${firstEmail}.`)
  await expect(page.getByTestId('seats')).toHaveText('2 of 2 seats used')

  const refusedEmail = makeBroker('second').email
  await inviteEmail.fill(refusedEmail)
  await inviteForm.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.locator('#invite-email-error')).toHaveText('Every seat of your plan is taken. Upgrade your plan or buy more seats to invite someone else.')
  await expect(inviteEmail).toHaveAttribute('aria-invalid', 'true')
  const offer = page.getByTestId('seat-offer')
  await expect(offer.getByRole('link', { name: 'upgrade your plan' })).toHaveAttribute('href', '/pricing')

  // The link leads to the seats form on the same page.
  await offer.getByRole('link', { name: 'Add a seat' }).click()
  await expect(page).toHaveURL(/\/agency#seats$/)
  const seatsField = page.getByRole('spinbutton', { name: 'Extra seats' })
  await expect(seatsField).toBeInViewport()
  await seatsField.fill('1')
  await page.getByRole('button', { name: 'Save extra seats' }).click()
  await expectToast(page, 'Extra seats saved.')
  await expect(page.getByTestId('seats')).toHaveText('2 of 3 seats used')

  await inviteEmail.fill(refusedEmail)
  await inviteForm.getByRole('button', { name: 'Send invitation' }).click()
  await expectToast(page, `Invitation sent to ${refusedEmail}.`)
  await expect(page.getByTestId('seats')).toHaveText('3 of 3 seats used')
})
