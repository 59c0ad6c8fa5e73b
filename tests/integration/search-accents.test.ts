import { beforeAll, describe, expect, it } from 'vitest'
import { signedInBroker, type TestBrowser } from '#tests/support/app.ts'
import { createClientVia } from '#tests/support/clients.ts'
import { createPropertyVia } from '#tests/support/properties.ts'

let browser: TestBrowser
const PROPERTIES = ['Flat on Rua dos Remédios', 'São João house', 'Plain Porto loft']
const CLIENTS = ['Joana Conceição', 'Zoë Müller', 'Plain Client']

/** Which of `names` the page at `path` lists (a 200 is required). */
async function listed(path: string, names: string[]) {
  const response = await browser.get(path)
  expect(response.status).toBe(200)
  const html = await response.text()
  return names.filter((name) => html.includes(name))
}

beforeAll(async () => {
  browser = (await signedInBroker('Accent Broker')).browser
  await createPropertyVia(browser, { title: PROPERTIES[0]!, street: 'Rua dos Remédios 14', city: 'Lisboa', area: 'Alfama' })
  await createPropertyVia(browser, { title: PROPERTIES[1]!, city: 'Évora', area: 'Centro Histórico' })
  await createPropertyVia(browser, { title: PROPERTIES[2]!, city: 'Porto', area: 'Ribeira' })
  await createClientVia(browser, { fullName: CLIENTS[0]!, email: 'joana@example.com', source: 'Café Conceição' })
  await createClientVia(browser, { fullName: CLIENTS[1]!, email: 'zoe@example.com', notes: 'Wants a quiet street' })
  await createClientVia(browser, { fullName: CLIENTS[2]!, email: 'plain@example.com' })
})

describe('property search ignores accents and case', () => {
  it.each([
    ['?q=Remedios', [PROPERTIES[0]]],
    ['?q=REMÉDIOS', [PROPERTIES[0]]],
    ['?q=remed', [PROPERTIES[0]]],
    ['?q=sao joao', [PROPERTIES[1]]],
    ['?q=evora', [PROPERTIES[1]]],
    ['?q=historico', [PROPERTIES[1]]],
    ['?city=evo', [PROPERTIES[1]]],
    ['?city=ÉVORA', [PROPERTIES[1]]],
    ['?city=lisboa', [PROPERTIES[0]]],
  ])('/properties%s', async (query, expected) => {
    expect(await listed(`/properties${query}`, PROPERTIES)).toEqual(expected)
  })

  it('never fails on letters that fold into punctuation or on query syntax', async () => {
    for (const q of ['ŉ', 'ʹ', '¼ ⑴ ⒜']) {
      expect(await listed(`/properties?q=${encodeURIComponent(q)}`, PROPERTIES)).toEqual([])
      expect(await listed(`/clients?q=${encodeURIComponent(q)}`, CLIENTS)).toEqual([])
    }
    // No word at all is no search: everything is listed (`listed` also requires a 200).
    expect(await listed(`/properties?q=${encodeURIComponent('\\ %_ :*')}`, PROPERTIES)).toHaveLength(3)
    expect(await listed(`/clients?q=${encodeURIComponent('\\ %_ :*')}`, CLIENTS)).toHaveLength(3)
    // Query syntax around a real word is dropped, and the word still finds its listing.
    expect(await listed(`/properties?q=${encodeURIComponent("remédios' & !:*")}`, PROPERTIES)).toEqual([PROPERTIES[0]])
  })
})

describe('client search ignores accents and case', () => {
  it.each([
    ['?q=conceicao', [CLIENTS[0]]],
    ['?q=CONCEIÇÃO', [CLIENTS[0]]],
    ['?q=zoe muller', [CLIENTS[1]]],
    ['?q=cafe', [CLIENTS[0]]],
    ['?q=QUIET', [CLIENTS[1]]],
  ])('/clients%s', async (query, expected) => {
    expect(await listed(`/clients${query}`, CLIENTS)).toEqual(expected)
  })
})
