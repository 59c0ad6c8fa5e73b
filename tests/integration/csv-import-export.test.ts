import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { signedInBroker, TestBrowser } from '#tests/support/app.ts'
import { createClientVia } from '#tests/support/clients.ts'
import { createPropertyVia } from '#tests/support/properties.ts'

/** A CSV download read back with csv-parse: the header row and the records by column name. */
async function readCsv(response: Response) {
  const bytes = Buffer.from(await response.arrayBuffer())
  // A UTF-8 byte order mark first, for Excel.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const records = parse(bytes, { bom: true, columns: true }) as Record<string, string>[]
  return records
}

describe('CSV export', () => {
  it('streams the broker’s properties with RESO column names, following the list filters', async () => {
    const { browser } = await signedInBroker()
    await createPropertyVia(browser, { title: 'Porto flat', city: 'Porto', referenceCode: 'PT-1', status: 'under_offer', price: '199000.5' })
    await createPropertyVia(browser, { title: 'Lisbon flat', city: 'Lisbon', referenceCode: 'LX-1', status: 'draft' })
    await createPropertyVia(browser, { title: 'Porto rental', city: 'Porto', purpose: 'rent', rentPeriod: 'monthly', status: 'rented', referenceCode: 'PT-2' })
    // Another broker's property in the same city never shows.
    await createPropertyVia((await signedInBroker()).browser, { title: 'Foreign Porto flat', city: 'Porto' })

    const response = await browser.get('/properties/export.csv?city=Porto')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="properties-\d{4}-\d{2}-\d{2}\.csv"$/)
    const records = await readCsv(response)
    expect(records.map((r) => r.title).sort()).toEqual(['Porto flat', 'Porto rental'])
    const flat = records.find((r) => r.ListingId === 'PT-1')!
    expect(flat).toMatchObject({
      ListPrice: '199000.5',
      currency: 'EUR',
      PropertyType: 'Residential',
      PropertySubType: 'Apartment',
      StandardStatus: 'ActiveUnderContract',
      status: 'under_offer',
      BedroomsTotal: '2',
      BathroomsTotalInteger: '1',
      LivingAreaUnits: 'Square Meters',
      UnparsedAddress: 'Rua das Flores 12',
      City: 'Porto',
      PublicRemarks: 'Bright flat with a river view.',
    })
    const rental = records.find((r) => r.ListingId === 'PT-2')!
    expect(rental).toMatchObject({ StandardStatus: 'Closed', status: 'rented', PropertyType: 'Residential Lease', rentPeriod: 'monthly' })

    const all = await readCsv(await browser.get('/properties/export.csv'))
    expect(all).toHaveLength(3)
    expect(all.find((r) => r.ListingId === 'LX-1')?.StandardStatus).toBe('Incomplete')
  })

  it('exports clients with the list filters; a bad filter is a 400, and a visitor is sent to sign in', async () => {
    const { browser } = await signedInBroker()
    await createClientVia(browser, { fullName: 'Ana Won', email: 'ana@example.com', stage: 'won' })
    await createClientVia(browser, { fullName: 'Rui New', email: 'rui@example.com', stage: 'new' })
    const records = await readCsv(await browser.get('/clients/export.csv?stage=won'))
    expect(records).toHaveLength(1)
    expect(records[0]).toMatchObject({ FullName: 'Ana Won', Email: 'ana@example.com', PreferredPhone: '+351 910 000 000', kind: 'buyer', stage: 'won', LeadSource: 'Referral', tags: 'first-time buyer' })

    expect((await browser.get('/clients/export.csv?stage=platinum')).status).toBe(400)
    expect((await browser.get('/properties/export.csv?minPrice=abc')).status).toBe(400)
    const anonymous = await new TestBrowser().get('/properties/export.csv')
    expect(anonymous.status).toBe(302)
  })
})
