import { describe, expect, it } from 'vitest'
import { listDealsByStage, summarizeBoard } from '#app/modules/deals/board.server.ts'
import { signedInBroker, type TestBrowser } from '#tests/support/app.ts'
import { findUser, scopeOf } from '#tests/support/db.ts'
import { createClientVia } from '#tests/support/clients.ts'

const dealForm = (clientId: string, overrides: Record<string, string>) => ({
  intent: 'create',
  clientId,
  title: 'Alfama flat sale',
  value: '250000',
  currency: 'EUR',
  redirectTo: '',
  ...overrides,
})

async function createDeal(browser: TestBrowser, clientId: string, overrides: Record<string, string>) {
  const response = await browser.post('/deals', dealForm(clientId, overrides))
  const id = /^\/deal\/([0-9a-f-]{36})$/.exec(response.headers.get('Location') ?? '')?.[1]
  if (response.status !== 302 || !id) throw new Error(`deal create failed: ${response.status}`)
  return id
}

const move = (browser: TestBrowser, dealId: string, stage: string) => browser.post('/deals', { intent: 'move', dealId, stage })

describe('deal commission', () => {
  it('takes an amount or a percentage with a co-broker split, and shows both forms on the deal page', async () => {
    const { browser } = await signedInBroker('Cora Commission')
    const clientId = await createClientVia(browser)
    const percent = await createDeal(browser, clientId, { commissionType: 'percent', commission: '3', coBrokerPercent: '40' })
    const page = await (await browser.get(`/deal/${percent}`)).text()
    expect(page).toContain('3% of €250,000 = €7,500')
    expect(page).toContain('Co-broker 40% · your share €4,500')
    // The edit form comes back in the same form: a percentage, 3.
    expect(page).toMatch(/<option value="percent" selected="">A percentage of the value<\/option>/)

    const amount = await createDeal(browser, clientId, { commissionType: 'amount', commission: '5000' })
    expect(await (await browser.get(`/deal/${amount}`)).text()).toContain('€5,000 (2% of the value)')

    // Switching a deal from percentage to amount clears the percentage (one form at a time).
    const saved = await browser.post(`/deal/${percent}`, { intent: 'update', title: 'Alfama flat sale', value: '250000', currency: 'EUR', commissionType: 'amount', commission: '6000' })
    expect(saved.status).toBe(302)
    const after = await (await browser.get(`/deal/${percent}`)).text()
    expect(after).toContain('€6,000 (2.4% of the value)')
    expect(after).not.toContain('your share')
  })

  it('refuses a percentage outside 0–100, a negative amount, a split outside 0–100, and writes nothing', async () => {
    const { browser, email } = await signedInBroker('Rui Refused')
    const clientId = await createClientVia(browser)
    const cases: [Record<string, string>, string][] = [
      [{ commissionType: 'percent', commission: '120' }, 'A percentage must be between 0 and 100'],
      [{ commissionType: 'amount', commission: '-5' }, 'Commission cannot be negative'],
      [{ commissionType: 'amount', commission: '300000' }, 'Commission cannot be more than the deal value'],
      [{ commissionType: 'percent', commission: '3', coBrokerPercent: '101' }, 'Co-broker split must be between 0 and 100'],
      [{ commissionType: 'fraction', commission: '3' }, 'Choose an amount or a percentage'],
    ]
    for (const [fields, message] of cases) {
      const response = await browser.post('/deals', dealForm(clientId, { redirectTo: '/deals', ...fields }))
      expect(response.status, message).toBe(400)
      expect(await response.text()).toContain(message)
    }
    const { id } = await findUser(email)
    expect((await listDealsByStage(await scopeOf(id))).reduce((n, column) => n + column.count, 0)).toBe(0)
  })

  it('totals expected gross commission per stage and over the open pipeline, lost deals left out, currencies apart', async () => {
    const { browser, email } = await signedInBroker('Tito Totals')
    const clientId = await createClientVia(browser)
    await createDeal(browser, clientId, { commissionType: 'percent', commission: '3' }) // lead: €7,500
    await createDeal(browser, clientId, { commissionType: 'amount', commission: '2500', coBrokerPercent: '50' }) // lead: €2,500, yours €1,250
    const offer = await createDeal(browser, clientId, { value: '100000', currency: 'USD', commissionType: 'percent', commission: '5' }) // $5,000
    expect((await move(browser, offer, 'offer')).status).toBe(302)
    const lost = await createDeal(browser, clientId, { commissionType: 'amount', commission: '9000' })
    expect((await move(browser, lost, 'closed_lost')).status).toBe(302)
    await createDeal(browser, clientId, { value: '', commissionType: 'percent', commission: '4' }) // no value: no amount yet

    const { id } = await findUser(email)
    const columns = await listDealsByStage(await scopeOf(id))
    const lead = columns.find((c) => c.stage === 'lead')!
    expect(lead.commission).toEqual([{ currency: 'EUR', gross: 10000, share: 8750 }])
    expect(columns.find((c) => c.stage === 'offer')!.commission).toEqual([{ currency: 'USD', gross: 5000, share: 5000 }])
    expect(summarizeBoard(columns).open.commission).toEqual([
      { currency: 'EUR', gross: 10000, share: 8750 },
      { currency: 'USD', gross: 5000, share: 5000 },
    ])
    expect(summarizeBoard(columns).won).toEqual({ value: [], commission: [] })

    const board = await (await browser.get('/deals')).text()
    expect(board).toMatch(/data-testid="commission-lead"[^>]*>Commission: €10,000 \(yours €8,750\)</)
    expect(board).toMatch(/data-testid="commission-offer"[^>]*>Commission: \$5,000</)
    expect(board).toMatch(/data-testid="commission-closed_lost"[^>]*>Commission: €9,000</)
    expect(board).toMatch(/data-testid="pipeline-open"[^>]*>Open pipeline: <strong[^>]*>€500,000 \+ \$100,000<\/strong> · expected commission <strong[^>]*>€10,000 \(yours €8,750\) \+ \$5,000<\/strong><\/p>/)
    expect(board).toMatch(/data-testid="pipeline-won"[^>]*>Won: <strong[^>]*>No value yet<\/strong><\/p>/)
  })

  it('shows the open pipeline and the won deals apart: a board whose only deal is won has no open value and no open commission', async () => {
    const { browser, email } = await signedInBroker('Wanda Won')
    const clientId = await createClientVia(browser)
    // The board: one deal, €750,000 at 2.5% (€18,750), won.
    const won = await createDeal(browser, clientId, { value: '750000', commissionType: 'percent', commission: '2.5' })
    expect((await move(browser, won, 'closed_won')).status).toBe(302)
    let board = await (await browser.get('/deals')).text()
    expect(board).toMatch(/data-testid="pipeline-open"[^>]*>Open pipeline: <strong[^>]*>No value yet<\/strong><\/p>/)
    expect(board).toMatch(/data-testid="pipeline-won"[^>]*>Won: <strong[^>]*>€750,000<\/strong> · commission <strong[^>]*>€18,750<\/strong><\/p>/)

    // An open deal with a co-broker and a lost one: each total counts only its own stages.
    const open = await createDeal(browser, clientId, { value: '300000', commissionType: 'amount', commission: '9000', coBrokerPercent: '50' })
    expect((await move(browser, open, 'under_contract')).status).toBe(302)
    const lost = await createDeal(browser, clientId, { value: '500000', commissionType: 'amount', commission: '15000' })
    expect((await move(browser, lost, 'closed_lost')).status).toBe(302)
    const { id } = await findUser(email)
    expect(summarizeBoard(await listDealsByStage(await scopeOf(id)))).toEqual({
      open: { value: [{ currency: 'EUR', total: 300000, count: 1 }], commission: [{ currency: 'EUR', gross: 9000, share: 4500 }] },
      won: { value: [{ currency: 'EUR', total: 750000, count: 1 }], commission: [{ currency: 'EUR', gross: 18750, share: 18750 }] },
    })
    board = await (await browser.get('/deals')).text()
    expect(board).toMatch(/Open pipeline: <strong[^>]*>€300,000<\/strong> · expected commission <strong[^>]*>€9,000 \(yours €4,500\)<\/strong>/)
    expect(board).toMatch(/Won: <strong[^>]*>€750,000<\/strong> · commission <strong[^>]*>€18,750<\/strong>/)
  })
})
