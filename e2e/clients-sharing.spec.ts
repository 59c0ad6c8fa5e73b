import { randomBytes } from 'node:crypto'
import { expect, expectToast, signUpAndSignIn, test } from './support/fixtures.ts'
import {
  card,
  CLIENT_URL,
  clientIdFrom,
  conformFormReady,
  countFeedback,
  fillClientForm,
  formWithButton,
  pageReady,
  resetLoopbackFeedbackLimit,
  setPrivateNotes,
} from './support/clients.ts'
import { E2E_BASE_URL } from './support/env.ts'
import { insertProperties } from './support/properties.ts'

/** An ordinary phone browser: headless Chromium's own user agent is taken for a bot and not counted as a view. */
const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36'

const SHARE_URL = new RegExp(`^${E2E_BASE_URL}/client-listing/[A-Za-z0-9_-]{22}$`)
const THANK_YOU = 'Thank you! Your feedback has been sent to your broker.'
/** A moment of this test, as the broker's pages say a recent one (lib/when.ts). */
const JUST_NOW = '(just now|\\d+ min ago)'

test.describe('clients, shortlists and share links', () => {
  test('create a client, shortlist three properties with notes, share the list, collect feedback, revoke the link', async ({
    page,
    db,
    browser,
    javaScriptEnabled,
  }) => {
    test.setTimeout(150_000)
    await resetLoopbackFeedbackLimit(db)
    const broker = await signUpAndSignIn(page)
    await db.setPlan(broker.email, 'starter')

    const titles = ['Riverside Loft', 'Garden Townhouse', 'Skyline Penthouse'] as const
    const notes = [
      'Walking distance to your office.',
      'The garden you asked for, south facing.',
      'A stretch on budget, but the view is worth a visit.',
    ] as const
    const propertyIds = await insertProperties(db, broker.email, [
      { title: titles[0], city: 'Lisbon', status: 'active' },
      { title: titles[1], city: 'Porto', status: 'active' },
      { title: titles[2], city: 'Lisbon', status: 'active' },
    ])
    // Markers that must never reach a share page: a property's private notes, the client's notes.
    const marker = randomBytes(6).toString('hex')
    const privateNote = `PRIVATE-PROPERTY-NOTE-${marker} seller will drop to 400k`
    const clientNote = `PRIVATE-CLIENT-NOTE-${marker} pre-approved mortgage`
    await setPrivateNotes(db, propertyIds[0]!, privateNote)

    // A new client through the form.
    await page.goto('/clients')
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'No clients yet' })).toBeVisible()
    await page.getByRole('link', { name: 'Add client', exact: true }).click()
    await expect(page).toHaveURL(/\/client\/new$/)
    await expect(page.getByRole('heading', { level: 1, name: 'New client' })).toBeVisible()

    const clientName = 'Ana Lima'
    const clientEmail = `ana.lima.${marker}@example.com`
    const clientForm = formWithButton(page, 'Add client')
    await conformFormReady(clientForm, javaScriptEnabled)
    await fillClientForm(clientForm, {
      'Full name': clientName,
      Email: clientEmail,
      Kind: 'Investor',
      Purpose: 'For sale',
      'Cities or areas': 'Lisbon, Porto',
      'Budget up to': '650000',
      'Budget currency': 'EUR',
      'Bedrooms (at least)': '2',
      Notes: clientNote,
    })
    await clientForm.getByRole('button', { name: 'Add client' }).click()

    await expect(page).toHaveURL(CLIENT_URL)
    const clientId = clientIdFrom(page)
    await expectToast(page, 'Client added.')
    await expect(page.getByRole('heading', { level: 1, name: clientName })).toBeVisible()
    await expect(page.getByText('Investor · New', { exact: true })).toBeVisible()
    await expect(card(page, 'Contact').getByRole('link', { name: clientEmail })).toHaveAttribute('href', `mailto:${clientEmail}`)
    const requirements = card(page, 'Requirements')
    await expect(requirements.getByRole('term')).toHaveText(['Purpose', 'Budget', 'Cities or areas', 'Bedrooms'])
    await expect(requirements.getByRole('definition')).toHaveText(['For sale', 'Up to €650,000', 'Lisbon, Porto', '2+'])
    await expect(card(page, 'About this client')).toContainText(clientNote)

    // The shortlist starts empty; its editor is one click further.
    await page.getByRole('link', { name: 'Shortlist', exact: true }).click()
    await expect(page).toHaveURL(`/client/${clientId}/listing`)
    await expect(page.getByRole('heading', { level: 1, name: `Shortlist for ${clientName}` })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'The shortlist is empty' })).toBeVisible()
    await page.getByRole('link', { name: 'Edit shortlist' }).click()
    await expect(page).toHaveURL(`/client/${clientId}/edit-listing`)
    await expect(page.getByRole('heading', { level: 1, name: `Shortlist for ${clientName}` })).toBeVisible()

    const shortlist = card(page, /^On the shortlist \(/)
    const picker = card(page, 'Add your properties')
    const shortlistItems = shortlist.locator('ol > li')
    await expect(shortlist.getByRole('heading', { level: 2 })).toHaveText(/^On the shortlist \(0 of at most \d+\)$/)
    await expect(shortlist.getByText('Nothing yet: add properties from the list.')).toBeVisible()
    await expect(picker.getByRole('listitem')).toHaveCount(3)

    // Add the three, in this order.
    for (const [index, title] of titles.entries()) {
      const id = propertyIds[index]!
      await pageReady(page, javaScriptEnabled)
      const row = picker.getByRole('listitem').filter({ hasText: title })
      await row.getByRole('button', { name: 'Add', exact: true }).click()
      await expect(page).toHaveURL(`/client/${clientId}/edit-listing#item-${id}`)
      await expectToast(page, `Added ${title} to the shortlist.`)
      await expect(row.getByText('On the shortlist', { exact: true })).toBeVisible()
      await expect(row.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0)
      await expect(shortlistItems).toHaveCount(index + 1)
    }
    await expect(shortlist.getByRole('heading', { level: 2 })).toHaveText(/^On the shortlist \(3 of at most \d+\)$/)
    await expect(shortlistItems.locator('p.font-medium')).toHaveText([...titles])

    // A note for the client on each.
    for (const [index, note] of notes.entries()) {
      const id = propertyIds[index]!
      await pageReady(page, javaScriptEnabled)
      const item = page.locator(`li#item-${id}`)
      await item.getByLabel('Note for the client (optional)', { exact: true }).fill(note)
      await item.getByRole('button', { name: 'Save note' }).click()
      await expect(page).toHaveURL(`/client/${clientId}/edit-listing#item-${id}`)
      await expectToast(page, 'Note saved.')
    }
    // The notes are stored: a fresh load shows them.
    await page.goto(`/client/${clientId}/edit-listing`)
    for (const [index, note] of notes.entries()) {
      await expect(shortlistItems.nth(index).getByLabel('Note for the client (optional)', { exact: true })).toHaveValue(note)
    }
    await expect(shortlistItems.nth(0).getByRole('button', { name: 'Move up' })).toBeDisabled()
    await expect(shortlistItems.nth(2).getByRole('button', { name: 'Move down' })).toBeDisabled()

    // The broker's view of the shortlist: in order, with the notes, no reactions yet.
    await page.getByRole('link', { name: 'View shortlist and reactions' }).click()
    await expect(page).toHaveURL(`/client/${clientId}/listing`)
    const listed = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'See it as the client does' }) })
    await expect(listed).toHaveCount(3)
    for (const [index, title] of titles.entries()) {
      const item = listed.nth(index)
      await expect(item.getByText(`${index + 1}. ${title}`, { exact: true })).toBeVisible()
      await expect(item.getByText(`Your note: ${notes[index]}`, { exact: true })).toBeVisible()
      await expect(item.getByText('No reaction from the client yet.', { exact: true })).toBeVisible()
    }

    // A share link for the list, read from its read-only field.
    const panel = page.getByRole('region', { name: 'Share links' })
    await expect(panel.getByText('No share links yet.', { exact: false })).toBeVisible()
    await pageReady(page, javaScriptEnabled)
    await panel.getByRole('button', { name: 'Create share link' }).click()
    await expectToast(page, 'Share link created. Copy it from the list below.')
    await expect(page).toHaveURL(`/client/${clientId}/listing`)
    const linkField = panel.getByRole('textbox', { name: 'Share link' })
    await expect(linkField).toHaveCount(1)
    await expect(linkField).toHaveValue(SHARE_URL)
    await expect(linkField).toHaveAttribute('readonly', '')
    await expect(panel.getByText('Live', { exact: true })).toBeVisible()
    await expect(panel.getByText(/· 0 views · not viewed yet · never expires$/)).toBeVisible()
    // The copy button needs the clipboard API, so it only exists with JavaScript.
    await expect(panel.getByRole('button', { name: 'Copy link' })).toHaveCount(javaScriptEnabled ? 1 : 0)
    const shareUrl = await linkField.inputValue()

    // The client opens the link on a phone with JavaScript off, signed out, in a fresh browser.
    const clientContext = await browser.newContext({ javaScriptEnabled: false, userAgent: PHONE_USER_AGENT })
    try {
      const phone = await clientContext.newPage()
      const response = await phone.goto(shareUrl)
      expect(response, 'the share page answers').not.toBeNull()
      expect(response!.status()).toBe(200)
      expect(response!.headers()['content-type']).toMatch(/^text\/html/)
      // A first visit sets the visitor cookie, so this answer is private; a CDN may keep the others briefly.
      expect(response!.headers()['cache-control']).toMatch(/^(private, no-store|public, max-age=\d+, s-maxage=\d+)$/)
      const body = await response!.text()
      expect(body).not.toMatch(/<script/i)
      expect(body).toContain('<meta name="robots" content="noindex"/>')
      expect(body).not.toContain(marker)

      const html = await phone.content()
      expect(html).not.toMatch(/<script/i)
      expect(html).toContain('<meta name="robots" content="noindex"')
      expect(html).not.toContain(privateNote)
      expect(html).not.toContain(clientNote)
      expect(html).not.toContain(marker)

      await expect(phone.getByRole('note')).toHaveText('Preview Mode - View Only')
      await expect(phone.getByRole('heading', { level: 1, name: 'Properties selected for you' })).toBeVisible()
      await expect(phone.getByText(`3 properties chosen by ${broker.fullName}.`, { exact: true })).toBeVisible()
      const articles = phone.getByRole('article')
      await expect(articles.getByRole('heading', { level: 2 })).toHaveText([...titles])
      for (const [index, note] of notes.entries()) {
        const article = articles.nth(index)
        await expect(article.getByText('Note from your broker', { exact: true })).toBeVisible()
        await expect(article.getByText(note, { exact: true })).toBeVisible()
        await expect(phone.getByRole('form', { name: `Your feedback on ${titles[index]}` })).toBeVisible()
      }
      // Nothing private: not the property's notes, not the client's, not the client's name or e-mail.
      await expect(phone.getByText(privateNote)).toHaveCount(0)
      await expect(phone.getByText(clientNote)).toHaveCount(0)
      await expect(phone.getByText(clientEmail)).toHaveCount(0)

      // The broker's contact card.
      const contact = phone.getByRole('region', { name: 'Your broker' })
      await expect(contact.getByText(broker.fullName, { exact: true })).toBeVisible()
      await expect(contact.getByRole('link', { name: broker.email })).toHaveAttribute('href', `mailto:${broker.email}`)

      // Interested in the first, with a comment and a name.
      const comment = 'Love the light in the living room <b>really</b>! Can we visit on Saturday?'
      const authorName = 'Ana'
      const firstForm = phone.getByRole('form', { name: `Your feedback on ${titles[0]}` })
      await firstForm.getByLabel('Comment (optional)', { exact: true }).fill(comment)
      await firstForm.getByLabel('Your name (optional)', { exact: true }).fill(authorName)
      await firstForm.getByRole('button', { name: 'Interested', exact: true }).click()
      await expect(phone).toHaveURL(`${shareUrl}#property-${propertyIds[0]}`)
      await expectToast(phone, THANK_YOU)
      // The comment goes to the broker, not back onto the page.
      await expect(phone.getByText(comment)).toHaveCount(0)
      await expect(firstForm.getByLabel('Comment (optional)', { exact: true })).toHaveValue('')

      // Not for me: the second.
      const secondForm = phone.getByRole('form', { name: `Your feedback on ${titles[1]}` })
      await secondForm.getByRole('button', { name: 'Not for me', exact: true }).click()
      await expect(phone).toHaveURL(`${shareUrl}#property-${propertyIds[1]}`)
      await expectToast(phone, THANK_YOU)
      expect(await countFeedback(db, clientId)).toBe(2)
      const afterFeedback = await phone.content()
      expect(afterFeedback).not.toMatch(/<script/i)

      // Back with the broker: the reactions and the comment, with the name.
      await page.goto(`/client/${clientId}/listing`)
      const first = listed.nth(0)
      await expect(first.getByText('Interested', { exact: true })).toBeVisible()
      await expect(first.getByText(new RegExp(`^Interested · ${authorName} · ${JUST_NOW}$`))).toBeVisible()
      await expect(first.getByRole('listitem')).toHaveCount(1)
      await expect(first.getByRole('listitem').getByText(comment, { exact: true })).toBeVisible()
      await expect(first.getByRole('listitem').getByText(new RegExp(`^${authorName} · ${JUST_NOW} · Interested$`))).toBeVisible()
      await expect(first.getByText('No reaction from the client yet.')).toHaveCount(0)
      const second = listed.nth(1)
      await expect(second.getByText('Not for me', { exact: true })).toBeVisible()
      await expect(second.getByText(new RegExp(`^Not for me · ${JUST_NOW}$`))).toBeVisible()
      await expect(second.getByRole('listitem')).toHaveCount(0)
      await expect(listed.nth(2).getByText('No reaction from the client yet.', { exact: true })).toBeVisible()
      // The link was opened by one visitor: one view however many pages they loaded. Views are
      // written in batches up to a second after the visit: the page is loaded again until it is.
      await expect(async () => {
        await page.goto(`/client/${clientId}/listing`)
        await expect(panel.getByText(/· 1 view · last viewed .+ · never expires$/)).toBeVisible({ timeout: 1_000 })
      }).toPass({ timeout: 10_000 })

      // The home page's activity shows the feedback.
      await page.goto('/home')
      const activity = page.getByRole('region', { name: 'Recent activity' })
      await expect(activity.getByRole('link', { name: `${clientName}: Interested in ${titles[0]}`, exact: true })).toBeVisible()
      await expect(activity.getByRole('link', { name: `${clientName}: Not interested in ${titles[1]}`, exact: true })).toBeVisible()
      await expect(activity.locator('li[data-kind="client_feedback"]')).toHaveCount(2)
      await expect(activity.locator('li[data-kind="listing_shared"]')).toHaveText(new RegExp(`^Shared the shortlist of ${clientName}`))
      await expect(activity.locator('li[data-kind="share_viewed"]')).toHaveCount(1)

      // Revoke the link: the client's URL becomes the 404 page.
      await page.goto(`/client/${clientId}/listing`)
      await pageReady(page, javaScriptEnabled)
      await panel.getByRole('button', { name: 'Revoke' }).click()
      await expectToast(page, 'Share link revoked. It no longer opens.')
      await expect(panel.getByText('Revoked', { exact: true })).toBeVisible()
      await expect(panel.getByRole('button', { name: 'Revoke' })).toHaveCount(0)
      await expect(panel.getByText(new RegExp(`· revoked ${JUST_NOW}$`))).toBeVisible()
      await expect(linkField).toHaveValue(shareUrl)

      const gone = await phone.goto(shareUrl)
      expect(gone?.status()).toBe(404)
      await expect(phone.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
      await expect(phone.getByText(titles[0])).toHaveCount(0)
      await expect(phone.getByText('Preview Mode - View Only')).toHaveCount(0)
      // Feedback to a revoked link is refused the same way, and nothing is recorded.
      const late = await clientContext.request.post(shareUrl, {
        form: { propertyId: propertyIds[2]!, reaction: 'interested', comment: 'Too late?', name: 'Ana', website: '' },
        maxRedirects: 0,
      })
      expect(late.status()).toBe(404)
      expect(await countFeedback(db, clientId)).toBe(2)
    } finally {
      await clientContext.close()
    }
  })
})
