import { randomBytes } from 'node:crypto'
import { CLIENT_URL, conformFormReady, fillClientForm, formWithButton } from './support/clients.ts'
import { expect, expectToast, hydrateOnLoad, makeBroker, signUpAndSignIn, submitSignIn, test } from './support/fixtures.ts'
import { readMailLink } from './support/outbox.ts'
import { insertClient } from './support/clients.ts'
import { insertProperties } from './support/properties.ts'

const INVITE_LINK = /https?:\/\/[^\s"<>]+\/invite\/[A-Za-z0-9_-]{43}/

test('an owner invites a colleague by mail; the colleague signs up, joins, sees the agency’s listings but not the owner’s clients, and works in it; the owner removes them, handing their client to a successor', async ({
  page,
  browser,
  javaScriptEnabled,
  db,
}) => {
  // Two brokers signing up and in (four password hashes or checks), a mailed link: ~25 s when busy.
  test.setTimeout(150_000)
  const owner = await signUpAndSignIn(page, makeBroker('owner'))
  // The owner's listing and client (made through the forms elsewhere; here what a colleague sees of them).
  const tag = randomBytes(3).toString('hex')
  const [listingId] = await insertProperties(db, owner.email, [{ title: `Owner villa ${tag}`, city: 'Porto', status: 'active' }])
  const ownersClient = await insertClient(db, owner.email, { fullName: `Oscar ${tag}` })

  // 1. The owner invites an address. Without JavaScript the browser's own checks run: the filled
  // e-mail field (required, type=email) must let the POST through.
  await page.goto('/agency')
  await expect(page.getByRole('heading', { level: 1, name: 'Agency' })).toBeVisible()
  await expect(page.getByTestId('seats')).toHaveText('1 of 2 seats used')
  const colleague = makeBroker('colleague')
  const inviteForm = formWithButton(page, 'Send invitation')
  // The label reads "Email*" (the star is aria-hidden): found by its accessible name.
  const inviteEmail = inviteForm.getByRole('textbox', { name: 'Email', exact: true })
  await expect(inviteEmail).toHaveAttribute('required', '')
  await inviteEmail.fill(colleague.email)
  await inviteForm.getByLabel('Role', { exact: true }).selectOption('agent')
  await inviteForm.getByRole('button', { name: 'Send invitation' }).click()
  await expectToast(page, `Invitation sent to ${colleague.email}.`)
  await expect(page.getByTestId('invitation')).toContainText(colleague.email)
  await expect(page.getByTestId('seats')).toHaveText('2 of 2 seats used')

  // 2. The mailed link, in the colleague's own browser: create the account, sign in, come back, accept.
  const link = await readMailLink(colleague.email, INVITE_LINK)
  const invitePath = new URL(link).pathname
  const other = await browser.newContext()
  await hydrateOnLoad(other)
  try {
    const colleaguePage = await other.newPage()
    await colleaguePage.goto(link)
    await expect(colleaguePage.getByRole('heading', { level: 1, name: /^Join / })).toBeVisible()
    await expect(colleaguePage.getByText(colleague.email, { exact: true })).toBeVisible()
    await colleaguePage.getByRole('link', { name: 'Create your account' }).click()
    await expect(colleaguePage).toHaveURL(/\/auth\?mode=signup$/)
    await expect(colleaguePage.getByRole('heading', { name: 'Create an account' })).toBeVisible()
    await colleaguePage.getByLabel('Full Name', { exact: true }).fill(colleague.fullName)
    await colleaguePage.getByLabel('Email', { exact: true }).fill(colleague.email)
    await colleaguePage.getByLabel('Password', { exact: true }).fill(colleague.password)
    await colleaguePage.getByRole('button', { name: 'Create account' }).click()
    await expect(colleaguePage).toHaveURL(/\/auth$/)
    await submitSignIn(colleaguePage, colleague.email, colleague.password)
    await expect(colleaguePage).toHaveURL(invitePath)
    await colleaguePage.getByRole('button', { name: 'Accept and join' }).click()
    await expect(colleaguePage).toHaveURL(/\/home$/)
    await expectToast(colleaguePage, 'Welcome to the agency.')

    // 3. The colleague sees the agency's page: both members, no management.
    await colleaguePage.goto('/agency')
    const theirMembers = colleaguePage.getByTestId('member')
    await expect(theirMembers).toHaveCount(2)
    await expect(theirMembers.filter({ hasText: owner.email })).toContainText('Owner')
    await expect(theirMembers.filter({ hasText: colleague.email })).toContainText('Agent')
    await expect(formWithButton(colleaguePage, 'Send invitation')).toHaveCount(0)
    await expect(colleaguePage.getByRole('link', { name: 'Audit log' })).toHaveCount(0)

    // The colleague's view: the agency's listings (the owner's to change), not the owner's clients.
    await colleaguePage.goto('/properties')
    await colleaguePage.getByRole('link', { name: `Owner villa ${tag}` }).click()
    await expect(colleaguePage).toHaveURL(`/property/${listingId}`)
    await expect(colleaguePage.getByRole('heading', { level: 1, name: `Owner villa ${tag}` })).toBeVisible()
    await expect(colleaguePage.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0)
    await expect(colleaguePage.getByRole('button', { name: 'Set status' })).toHaveCount(0)
    const edit = await colleaguePage.goto(`/property/${listingId}/edit`)
    expect(edit?.status()).toBe(403)
    await expect(colleaguePage.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible()
    await colleaguePage.goto('/clients')
    await expect(colleaguePage.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible()
    await expect(colleaguePage.getByText(`Oscar ${tag}`)).toHaveCount(0)
    const hidden = await colleaguePage.goto(`/client/${ownersClient}`)
    expect(hidden?.status()).toBe(404)
    await expect(colleaguePage.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()

    // …and works in it: a client of their own.
    const clientName = `Clara ${randomBytes(3).toString('hex')}`
    await colleaguePage.goto('/client/new')
    const clientForm = formWithButton(colleaguePage, 'Add client')
    await conformFormReady(clientForm, javaScriptEnabled)
    await fillClientForm(clientForm, { 'Full name': clientName })
    await clientForm.getByRole('button', { name: 'Add client' }).click()
    await expect(colleaguePage).toHaveURL(CLIENT_URL)
    await expectToast(colleaguePage, 'Client added.')
    // The owner sees every client of the agency, the colleague's too.
    await page.goto('/clients')
    await expect(page.getByRole('link', { name: clientName })).toBeVisible()
    await expect(page.getByRole('link', { name: `Oscar ${tag}` })).toBeVisible()

    // 4. The owner removes the colleague, choosing who takes over their records.
    await page.goto('/agency')
    const row = page.getByTestId('member').filter({ hasText: colleague.email })
    await expect(row).toContainText('Agent')
    const removeForm = formWithButton(row, 'Remove')
    await removeForm.getByLabel('Hand records to', { exact: true }).selectOption({ label: owner.fullName })
    await removeForm.getByRole('button', { name: 'Remove' }).click()
    await expectToast(page, 'Member removed; their records were handed over.')
    await expect(page.getByTestId('member')).toHaveCount(1)
    await expect(page.getByTestId('member')).toContainText(owner.email)
    await expect(page.getByTestId('seats')).toHaveText('1 of 2 seats used')
    await page.goto('/clients')
    await expect(page.getByRole('link', { name: clientName })).toBeVisible()

    // 5. The removed colleague's next page: an agency of their own, without the client.
    await colleaguePage.goto('/agency')
    await expect(colleaguePage.getByTestId('member')).toHaveCount(1)
    await expect(colleaguePage.getByTestId('member')).toContainText('Owner')
    await expect(colleaguePage.getByText(owner.email)).toHaveCount(0)
    await colleaguePage.goto('/clients')
    await expect(colleaguePage.getByRole('link', { name: clientName })).toHaveCount(0)

    // The link is spent.
    const spent = await colleaguePage.goto(invitePath)
    expect(spent?.status()).toBe(410)
    await expect(colleaguePage.getByRole('heading', { level: 1, name: 'Invitation no longer valid' })).toBeVisible()
  } finally {
    await other.close()
  }
})
