import { expect, expectToast, signUpAndSignIn, test } from './support/fixtures.ts'
import { card, clientIdFrom, conformFormReady, fillClientForm, formWithButton, pageReady, resetLoopbackFeedbackLimit } from './support/clients.ts'
import { expectPagesFitWidths, unbroken } from './support/layout.ts'
import { makePhotos, propertyForm, propertyIdFrom } from './support/properties.ts'

/**
 * Every field a broker or a client types into gets one long unbroken word (1,000 letters, or the
 * field's limit), through the forms; then every page that shows them must stay as wide as the
 * viewport, on a phone and on a desktop.
 */
test('long unbroken text in every user field keeps every page as wide as its viewport', async ({ page, db, browser, javaScriptEnabled }, testInfo) => {
  test.setTimeout(240_000)
  await resetLoopbackFeedbackLimit(db)
  const broker = await signUpAndSignIn(page)
  await db.setPlan(broker.email, 'starter')

  // The profile: shown on share pages and public listings.
  await page.goto('/profile/account')
  await pageReady(page, javaScriptEnabled)
  const profile = formWithButton(page, 'Save profile')
  await profile.getByLabel('Full name', { exact: true }).fill(unbroken('BrokerName', 120))
  await profile.getByLabel('Phone', { exact: true }).fill(`+${'1'.repeat(39)}`)
  await profile.getByLabel('Agency name', { exact: true }).fill(unbroken('Agency', 120))
  await profile.getByLabel('Licence number', { exact: true }).fill(unbroken('Licence', 60))
  await profile.getByRole('button', { name: 'Save profile' }).click()
  await expectToast(page, 'Profile saved.')

  // A property, every text field filled; public and active, so every listing page shows it.
  await page.goto('/property/new/residential')
  const form = propertyForm(page, 'Create property')
  await conformFormReady(form, javaScriptEnabled)
  const texts: [label: string, length: number][] = [
    ['Title', 160],
    ['Reference code', 60],
    ['Street', 200],
    ['Area', 120],
    ['City', 120],
    ['Region', 120],
    ['Postal code', 20],
    ['Country', 120],
    ['Description', 1000],
    ['Private notes', 1000],
  ]
  for (const [label, length] of texts) await form.getByLabel(label, { exact: true }).fill(unbroken(label, length))
  await form.getByLabel('Tags', { exact: true }).fill(`${unbroken('TagOne', 40)}, ${unbroken('TagTwo', 40)}`)
  await form.getByLabel('Type', { exact: true }).selectOption({ label: 'Apartment' })
  await form.getByLabel('Purpose', { exact: true }).selectOption({ label: 'For sale' })
  await form.getByLabel('Price', { exact: true }).fill('350000')
  await form.getByLabel('Status', { exact: true }).selectOption({ label: 'Active' })
  await form.getByLabel('Visibility', { exact: true }).selectOption({ label: 'Public' })
  await form.getByRole('button', { name: 'Create property' }).click()
  await expectToast(page, 'Property created.')
  const propertyId = propertyIdFrom(page)

  // A note on the property, a captioned photo and a titled document.
  await pageReady(page, javaScriptEnabled)
  await page.getByLabel('Add a note', { exact: true }).fill(unbroken('PropertyNote'))
  await page.getByRole('button', { name: 'Add note' }).click()
  await expect(page.getByText(unbroken('PropertyNote'))).toBeVisible()
  const [photo] = await makePhotos(testInfo, [{ name: 'wide.jpg', width: 1600, height: 900, colour: '#8a6' }])
  await page.goto(`/property/${propertyId}/media`)
  await page.getByLabel('Add photos', { exact: true }).setInputFiles(photo!.path)
  await page.getByRole('button', { name: 'Upload photos' }).click()
  await expectToast(page, 'Added 1 photo.')
  await page.getByLabel('Caption', { exact: true }).fill(unbroken('Caption', 200))
  await page.getByRole('button', { name: 'Save caption' }).click()
  await expectToast(page, 'Caption saved.')
  await page.getByLabel('Title', { exact: true }).fill(unbroken('DocumentTitle', 200))
  await page.getByLabel('File', { exact: true }).setInputFiles(photo!.path)
  await page.getByRole('button', { name: 'Upload document' }).click()
  await expectToast(page, `Added “${unbroken('DocumentTitle', 200)}”.`)
  await page.getByRole('button', { name: 'Shared with clients' }).click()

  // A share link for the property.
  await page.goto(`/property/${propertyId}`)
  await pageReady(page, javaScriptEnabled)
  await page.getByRole('button', { name: 'Create share link' }).click()
  await expectToast(page, 'Share link created. Copy it from the list below.')
  const previewUrl = new URL(await page.getByRole('textbox', { name: 'Share link' }).inputValue()).pathname

  // A client, every text field filled.
  await page.goto('/client/new')
  const clientForm = formWithButton(page, 'Add client')
  await conformFormReady(clientForm, javaScriptEnabled)
  await fillClientForm(clientForm, {
    'Full name': unbroken('ClientName', 120),
    Source: unbroken('Source', 120),
    Tags: `${unbroken('ClientTag', 40)}, ${unbroken('OtherTag', 40)}`,
    'Cities or areas': `${unbroken('PlaceOne', 120)}, ${unbroken('PlaceTwo', 120)}`,
    Notes: unbroken('ClientNotes'),
  })
  await clientForm.getByRole('button', { name: 'Add client' }).click()
  await expectToast(page, 'Client added.')
  const clientId = clientIdFrom(page)
  await pageReady(page, javaScriptEnabled)
  await page.getByLabel('Add a note', { exact: true }).fill(unbroken('ClientComment'))
  await page.getByRole('button', { name: 'Add note' }).click()
  await expect(page.getByText(unbroken('ClientComment'))).toBeVisible()

  // A deal with the client, on the property: its title and notes.
  await pageReady(page, javaScriptEnabled)
  await card(page, 'Deals').getByText('New deal', { exact: true }).click()
  const dealForm = formWithButton(page, 'Create deal')
  await conformFormReady(dealForm, javaScriptEnabled)
  await dealForm.getByLabel('Property (optional)', { exact: true }).selectOption({ index: 1 })
  await dealForm.getByLabel('Title', { exact: true }).fill(unbroken('DealTitle', 160))
  await dealForm.getByLabel('Notes', { exact: true }).fill(unbroken('DealNotes'))
  await dealForm.getByRole('button', { name: 'Create deal' }).click()
  await expectToast(page, `Deal ${unbroken('DealTitle', 160)} created.`)
  const dealHref = await card(page, 'Deals').getByRole('link', { name: unbroken('DealTitle', 160) }).getAttribute('href')
  await page.goto(dealHref!)
  await pageReady(page, javaScriptEnabled)
  await page.getByLabel('Add a note', { exact: true }).fill(unbroken('DealComment'))
  await page.getByRole('button', { name: 'Add note' }).click()
  await expect(page.getByText(unbroken('DealComment'))).toBeVisible()

  // The shortlist: the property with a note, shared.
  await page.goto(`/client/${clientId}/edit-listing`)
  await pageReady(page, javaScriptEnabled)
  await card(page, 'Add your properties').getByRole('button', { name: 'Add', exact: true }).click()
  await expectToast(page, `Added ${unbroken('Title', 160)} to the shortlist.`)
  await pageReady(page, javaScriptEnabled)
  await page.getByLabel('Note for the client (optional)', { exact: true }).fill(unbroken('ListingNote'))
  await page.getByRole('button', { name: 'Save note' }).click()
  await expectToast(page, 'Note saved.')
  await page.goto(`/client/${clientId}/listing`)
  await pageReady(page, javaScriptEnabled)
  await page.getByRole('button', { name: 'Create share link' }).click()
  await expectToast(page, 'Share link created. Copy it from the list below.')
  const shareUrl = await page.getByRole('textbox', { name: 'Share link' }).inputValue()

  // The client's comment from the share page: the case that made /client/{id}/listing 8,400 px wide.
  const phoneContext = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } })
  try {
    const phone = await phoneContext.newPage()
    await phone.goto(shareUrl)
    const feedback = phone.getByRole('form', { name: `Your feedback on ${unbroken('Title', 160)}` })
    await feedback.getByLabel('Comment (optional)', { exact: true }).fill(unbroken('ClientFeedback'))
    await feedback.getByLabel('Your name (optional)', { exact: true }).fill(unbroken('Visitor', 80))
    await feedback.getByRole('button', { name: 'Interested', exact: true }).click()
    await expectToast(phone, 'Thank you! Your feedback has been sent to your broker.')
  } finally {
    await phoneContext.close()
  }
  await page.goto(`/client/${clientId}/listing`)
  await expect(page.getByText(unbroken('ClientFeedback'))).toBeVisible()

  await expectPagesFitWidths(page, [
    '/home',
    '/properties',
    `/property/${propertyId}`,
    `/property/${propertyId}/edit`,
    `/property/${propertyId}/media`,
    '/public-properties',
    `/public-properties/${propertyId}`,
    '/clients',
    `/client/${clientId}`,
    `/client/edit/${clientId}`,
    `/client/${clientId}/listing`,
    `/client/${clientId}/edit-listing`,
    `/client/${clientId}/listing/${propertyId}`,
    '/deals',
    dealHref!,
    '/profile/account',
    previewUrl,
    new URL(shareUrl).pathname,
  ])
})
