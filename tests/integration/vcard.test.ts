import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { clients } from '#db/schema.ts'
import { signedInBroker, type TestBrowser } from '#tests/support/app.ts'
import { createClientVia } from '#tests/support/clients.ts'
import { findUser } from '#tests/support/db.ts'

async function importVcard(browser: TestBrowser, text: string) {
  const form = new FormData()
  form.set('file', new File([text], 'contacts.vcf', { type: 'text/vcard' }))
  const response = await browser.postMultipart('/clients/import', form)
  expect(response.status, await response.clone().text()).toBe(302)
  const path = response.headers.get('Location')!
  return { path, html: await (await browser.get(path)).text() }
}

async function clientsOf(email: string) {
  const user = await findUser(email)
  const rows = await getDb().select().from(clients).where(eq(clients.ownerId, user.id))
  return rows
    .map(({ id: _id, ownerId: _o, agencyId: _a, updatedAt: _u, search: _s, ...rest }) => rest)
    .sort((a, b) => a.fullName.localeCompare(b.fullName))
}

describe('vCard 4.0', () => {
  it('exports one client and all clients, and gives back the same clients when imported', async () => {
    const { browser, email } = await signedInBroker()
    const id = await createClientVia(browser, {
      fullName: 'Zoë Ørsted-Łukasiewicz',
      email: 'zoe@example.com',
      notes: `Line one; with, punctuation \\ and a backslash\nLine two ${'long '.repeat(30)}— ünïcödé`,
      tags: 'vip, sea view',
      kind: 'investor',
      stage: 'negotiating',
      wantedPurpose: 'rent',
      wantedCategories: 'residential',
      budgetMin: '1000',
      budgetMax: '2500.5',
      budgetCurrency: 'EUR',
      wantedPlaces: 'Porto, São João',
      minBedrooms: '2',
    })
    await createClientVia(browser, { fullName: 'Rui', email: '', phone: '', source: '', tags: '' })

    const one = await browser.get(`/client/${id}/export.vcf`)
    expect(one.status).toBe(200)
    expect(one.headers.get('Content-Type')).toBe('text/vcard; charset=utf-8')
    const card = await one.text()
    expect(card.startsWith('BEGIN:VCARD\r\nVERSION:4.0\r\n')).toBe(true)
    expect(card).toContain('FN:Zoë Ørsted-Łukasiewicz\r\n')
    expect(card).toContain('EMAIL:zoe@example.com\r\n')
    expect(card).toContain('CATEGORIES:vip,sea view\r\n')
    expect(card).toContain('NOTE:Line one\\; with\\, punctuation \\\\ and a backslash\\nLine two')
    // Folded at 75 octets: every physical line fits, continuations start with a space.
    for (const line of card.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
    expect(card.split('\r\n').some((line) => line.startsWith(' '))).toBe(true)

    const all = await browser.get('/clients/export.vcf')
    const text = await all.text()
    expect(text.match(/BEGIN:VCARD/g)).toHaveLength(2)

    const { browser: other, email: otherEmail } = await signedInBroker()
    const { path, html } = await importVcard(other, text)
    expect(html).toContain('2 clients will be imported')
    expect((await other.post(path, { intent: 'confirm' })).headers.get('Location')).toBe('/clients')
    expect(await clientsOf(otherEmail)).toEqual(await clientsOf(email))
    expect((await other.get(`/client/${id}/export.vcf`)).status).toBe(404)
  })

  it('reads other address books’ vCards (3.0, groups, folded lines) and lists problems and duplicates', async () => {
    const { browser, email } = await signedInBroker()
    await createClientVia(browser, { fullName: 'Known', email: 'known@example.com' })
    const vcf = [
      'BEGIN:VCARD', 'VERSION:3.0', 'N:Silva;Ana;;;', 'item1.EMAIL;TYPE=INTERNET:ana@example.com', 'TEL;TYPE=CELL:+351 912 345 678',
      'NOTE:Met at the\\nopen house', '  on Sunday', 'PHOTO;VALUE=uri:https://example.com/a.jpg', 'END:VCARD',
      'BEGIN:VCARD', 'VERSION:4.0', 'FN:Known again', 'EMAIL:KNOWN@example.com', 'END:VCARD',
      'BEGIN:VCARD', 'VERSION:4.0', 'FN:Bad mail', 'EMAIL:not-an-email', 'END:VCARD',
    ].join('\r\n')
    const { path, html } = await importVcard(browser, vcf)
    expect(html).toContain('3 rows read')
    expect(html).toContain('1 client will be imported')
    expect(html).toContain('1 problem')
    expect(html).toContain('1 duplicate')
    expect(html).toContain('Photos in the vCards are not imported.')
    expect(html).toContain('Enter a valid email address')
    await browser.post(path, { intent: 'confirm' })
    const user = await findUser(email)
    const [ana] = await getDb().select().from(clients).where(and(eq(clients.ownerId, user.id), eq(clients.email, 'ana@example.com')))
    expect(ana).toMatchObject({ fullName: 'Ana Silva', phone: '+351 912 345 678', notes: 'Met at the\nopen house on Sunday' })
  })
})
