import { expect, expectToast, makeBroker, signUp, signUpAndSignIn, test } from './support/fixtures.ts'
import {
  card,
  conformFormReady,
  dealCard,
  dealIdFromLink,
  expectDealColumn,
  formWithButton,
  getDealStage,
  insertClient,
  insertDeal,
  insertListingItem,
  pageReady,
} from './support/clients.ts'
import { insertProperties } from './support/properties.ts'

const STAGES = [
  ['lead', 'Lead'],
  ['viewing', 'Viewing'],
  ['offer', 'Offer'],
  ['under_contract', 'Under contract'],
  ['closed_won', 'Closed – won'],
  ['closed_lost', 'Closed – lost'],
] as const

test.describe('deals', () => {
  test('create a deal from a client page, move it across the board, add a note', async ({ page, db, javaScriptEnabled }) => {
    test.setTimeout(120_000)
    const broker = await signUpAndSignIn(page)
    const propertyTitle = 'Canal House'
    const [propertyId] = await insertProperties(db, broker.email, [{ title: propertyTitle, city: 'Amsterdam', status: 'active' }])
    const clientName = 'Maria Jansen'
    const clientId = await insertClient(db, broker.email, { fullName: clientName, kind: 'buyer' })

    // An empty board.
    await page.goto('/deals')
    await expect(page.getByRole('heading', { level: 1, name: 'Deals' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'No deals yet' })).toBeVisible()
    await expect(page.getByTestId('pipeline-open')).toHaveText('Open pipeline: No value yet')
    await expect(page.getByTestId('pipeline-won')).toHaveText('Won: No value yet')

    // The client page's "New deal" form.
    await page.goto(`/client/${clientId}`)
    await expect(page.getByRole('heading', { level: 1, name: clientName })).toBeVisible()
    const dealsCard = card(page, 'Deals')
    await expect(dealsCard.getByText('No deals with this client yet.')).toBeVisible()
    await dealsCard.getByText('New deal', { exact: true }).click()
    const form = formWithButton(page, 'Create deal')
    await expect(form).toBeVisible()
    await conformFormReady(form, javaScriptEnabled)
    const title = 'Canal House purchase'
    await form.getByLabel('Property (optional)', { exact: true }).selectOption({ label: propertyTitle })
    await form.getByLabel('Title', { exact: true }).fill(title)
    await form.getByLabel('Value', { exact: true }).fill('750000')
    await form.getByLabel('Currency', { exact: true }).selectOption('EUR')
    await form.getByLabel('Commission (amount or %)', { exact: true }).fill('22500')
    await form.getByLabel('Expected close date', { exact: true }).fill('2030-06-30')
    await form.getByRole('button', { name: 'Create deal' }).click()

    await expect(page).toHaveURL(`/client/${clientId}`)
    await expectToast(page, `Deal ${title} created.`)
    const dealLink = dealsCard.getByRole('link', { name: title, exact: true })
    await expect(dealLink).toBeVisible()
    await expect(dealsCard.getByRole('listitem')).toHaveText([`${title} · Lead · €750,000`])
    const dealId = await dealIdFromLink(dealLink)

    // On the board: in Lead, with its value; the other columns are empty.
    await page.goto('/deals')
    await expect(page.getByTestId('pipeline-open')).toHaveText('Open pipeline: €750,000 · expected commission €22,500')
    await expectDealColumn(page, 'lead', 'Lead (1)', '€750,000', [title])
    for (const [stage, label] of STAGES.filter(([s]) => s !== 'lead')) {
      await expectDealColumn(page, stage, `${label} (0)`, 'No value yet', [])
    }
    const boardCard = dealCard(page, dealId)
    await expect(boardCard.getByRole('link', { name: clientName, exact: true })).toHaveAttribute('href', `/client/${clientId}`)
    await expect(boardCard.getByRole('link', { name: propertyTitle, exact: true })).toHaveAttribute('href', `/property/${propertyId}`)
    await expect(boardCard.getByText('€750,000', { exact: true })).toBeVisible()
    await expect(boardCard.getByText('Expected close: Sun 30 Jun 2030', { exact: true })).toBeVisible()
    await expect(boardCard.getByLabel('Stage', { exact: true })).toHaveValue('lead')

    // Lead → Offer: still open, so the pipeline keeps its value.
    await pageReady(page, javaScriptEnabled)
    await boardCard.getByLabel('Stage', { exact: true }).selectOption({ label: 'Offer' })
    await boardCard.getByRole('button', { name: 'Move', exact: true }).click()
    await expectToast(page, `Moved ${title} to Offer.`)
    await expect(page).toHaveURL(/\/deals$/)
    await expectDealColumn(page, 'offer', 'Offer (1)', '€750,000', [title])
    await expectDealColumn(page, 'lead', 'Lead (0)', 'No value yet', [])
    await expect(page.getByTestId('pipeline-open')).toHaveText('Open pipeline: €750,000 · expected commission €22,500')
    await expect(boardCard.getByLabel('Stage', { exact: true })).toHaveValue('offer')
    expect(await getDealStage(db, dealId)).toBe('offer')

    // Offer → Closed – won: out of the open pipeline.
    await pageReady(page, javaScriptEnabled)
    await boardCard.getByLabel('Stage', { exact: true }).selectOption({ label: 'Closed – won' })
    await boardCard.getByRole('button', { name: 'Move', exact: true }).click()
    // What follows from the result was offered ticked (e2e/follow-on.spec.ts): the client and the listing follow.
    await expectToast(page, `Moved ${title} to Closed – won. ${clientName} is now Won. ${propertyTitle} is now Sold.`)
    await expectDealColumn(page, 'closed_won', 'Closed – won (1)', '€750,000', [title])
    await expectDealColumn(page, 'offer', 'Offer (0)', 'No value yet', [])
    await expectDealColumn(page, 'lead', 'Lead (0)', 'No value yet', [])
    // Open and won apart: nothing is open any more, and the won deal shows with its commission.
    await expect(page.getByTestId('pipeline-open')).toHaveText('Open pipeline: No value yet')
    await expect(page.getByTestId('pipeline-won')).toHaveText('Won: €750,000 · commission €22,500')
    expect(await getDealStage(db, dealId)).toBe('closed_won')

    // The deal page: its stage, facts and history; a note.
    await boardCard.getByRole('link', { name: title, exact: true }).click()
    await expect(page).toHaveURL(`/deal/${dealId}`)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByTestId('deal-stage')).toHaveText('Closed – won')
    const facts = card(page, 'Deal')
    await expect(facts.getByRole('definition').nth(1)).toHaveText(clientName)
    await expect(facts.getByRole('definition').nth(2)).toHaveText(propertyTitle)
    await expect(facts.getByRole('definition').nth(3)).toHaveText('€750,000')
    await expect(facts.getByRole('definition').nth(4)).toHaveText('€22,500 (3% of the value)')
    await expect(facts.getByRole('definition').nth(5)).toHaveText('Sun 30 Jun 2030')
    await expect(card(page, 'Stage').getByLabel('Stage', { exact: true })).toHaveValue('closed_won')
    const activity = page.getByRole('region', { name: 'Recent activity' })
    await expect(activity.getByText(`Moved ${title} from Lead to Offer`, { exact: true })).toBeVisible()
    await expect(activity.getByText(`Moved ${title} from Offer to Closed – won`, { exact: true })).toBeVisible()
    await expect(activity.getByText(`New deal ${title} with ${clientName}`, { exact: true })).toBeVisible()

    const notes = page.getByRole('region', { name: 'Notes', exact: true })
    await expect(notes.getByText('No notes yet.')).toBeVisible()
    const note = 'Signed the deed on Friday.\nKeys handed over at the notary.'
    await pageReady(page, javaScriptEnabled)
    await notes.getByLabel('Add a note', { exact: true }).fill(note)
    await notes.getByRole('button', { name: 'Add note' }).click()
    await expectToast(page, 'Note added.')
    await expect(page).toHaveURL(`/deal/${dealId}`)
    await expect(notes.getByRole('listitem')).toHaveCount(1)
    await expect(notes.getByRole('listitem').locator('p').first()).toHaveText(note)
    await expect(notes.getByText('No notes yet.')).toHaveCount(0)
    await expect(notes.getByLabel('Add a note', { exact: true })).toHaveValue('')

    // The client page lists the deal at its new stage.
    await page.getByRole('link', { name: clientName, exact: true }).click()
    await expect(page).toHaveURL(`/client/${clientId}`)
    await expect(dealsCard.getByRole('listitem')).toHaveText([`${title} · Closed – won · €750,000`])
    await expect(dealsCard.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', `/deal/${dealId}`)
  })

  test("another broker's client, shortlist, shortlist editor and deal are 404s", async ({ page, db }) => {
    const owner = await signUp(page, makeBroker('owner'))
    const [propertyId] = await insertProperties(db, owner.email, [{ title: 'Private Harbour Flat', city: 'Ghent' }])
    const clientName = 'Confidential Client Person'
    const clientId = await insertClient(db, owner.email, { fullName: clientName })
    await insertListingItem(db, owner.email, clientId, propertyId!, 'A note only this client should read')
    const dealId = await insertDeal(db, owner.email, clientId, { title: 'Confidential Deal', value: 320000, currency: 'EUR', propertyId: propertyId! })

    await signUpAndSignIn(page, makeBroker('stranger'))
    for (const path of [`/client/${clientId}`, `/client/${clientId}/listing`, `/client/${clientId}/edit-listing`, `/deal/${dealId}`]) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
      await expect(page.getByText(clientName)).toHaveCount(0)
      await expect(page.getByText('Confidential Deal')).toHaveCount(0)
      await expect(page.getByText('Private Harbour Flat')).toHaveCount(0)
    }
    // The stranger's board does not show it, and a move posted to it is a 404 that changes nothing.
    await page.goto('/deals')
    await expect(page.getByRole('heading', { name: 'No deals yet' })).toBeVisible()
    await expect(page.getByText('Confidential Deal')).toHaveCount(0)
    const move = await page.request.post('/deals', { form: { intent: 'move', dealId, stage: 'closed_lost' }, maxRedirects: 0 })
    expect(move.status()).toBe(404)
    const onDealPage = await page.request.post(`/deal/${dealId}`, { form: { intent: 'move', stage: 'closed_lost' }, maxRedirects: 0 })
    expect(onDealPage.status()).toBe(404)
    expect(await getDealStage(db, dealId)).toBe('lead')
  })
})
