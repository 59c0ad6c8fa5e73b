import type { TestBrowser } from './app.ts'

/** A valid client as the form posts it; override any field. */
export function clientForm(overrides: Record<string, string> = {}): Record<string, string> {
  return { fullName: 'Marta Silva', email: 'marta@example.com', phone: '+351 910 000 000', kind: 'buyer', stage: 'new', source: 'Referral', tags: 'first-time buyer', ...overrides }
}

/** Creates a client through the form; returns its id. */
export async function createClientVia(browser: TestBrowser, overrides: Record<string, string> = {}) {
  const response = await browser.post('/client/new', clientForm(overrides))
  const id = /^\/client\/([0-9a-f-]{36})$/.exec(response.headers.get('Location') ?? '')?.[1]
  if (response.status !== 302 || !id) throw new Error(`create client failed: ${response.status}`)
  return id
}
