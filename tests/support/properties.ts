import type { TestBrowser } from './app.ts'

/** A valid residential listing as the form posts it; override any field. */
export function propertyForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    title: 'Sunny two-bedroom flat',
    type: 'apartment',
    purpose: 'sale',
    price: '250000',
    currency: 'EUR',
    city: 'Lisbon',
    area: 'Alfama',
    street: 'Rua das Flores 12',
    bedrooms: '2',
    bathrooms: '1',
    status: 'active',
    visibility: 'private',
    description: 'Bright flat with a river view.',
    ...overrides,
  }
}

/** Creates a property through the form; returns its id. */
export async function createPropertyVia(browser: TestBrowser, overrides: Record<string, string> = {}, category = 'residential') {
  const response = await browser.post(`/property/new/${category}`, propertyForm(overrides))
  const location = response.headers.get('Location') ?? ''
  const id = /^\/property\/([0-9a-f-]{36})$/.exec(location)?.[1]
  if (response.status !== 302 || !id) throw new Error(`create failed: ${response.status} ${await response.text()}`)
  return id
}
