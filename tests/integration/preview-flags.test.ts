import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { shares } from '#db/schema.ts'
import { expireTrial } from '#tests/support/db.ts'
import { signedInBroker } from '#tests/support/app.ts'
import { createPropertyVia } from '#tests/support/properties.ts'

it('a preview page clears the trial-expired flag (seed) but never unlocks a protected page', async () => {
  const { browser, email } = await signedInBroker()
  const propertyId = await createPropertyVia(browser)
  await browser.post('/shares', { intent: 'create', kind: 'property', targetId: propertyId, expiresInDays: '', redirectTo: '/home' })
  const [share] = await getDb().select({ id: shares.id }).from(shares).where(eq(shares.propertyId, propertyId))
  await expireTrial(email)
  expect((await browser.get('/home')).headers.get('Location')).toBe('/pricing')
  expect(await (await browser.get('/pricing')).text()).toContain('data-trial-expired="true"')
  const preview = await browser.get(`/preview/${share!.id}`)
  expect(preview.status).toBe(200)
  expect(await preview.text()).toContain('data-trial-expired="false"')
  expect((await browser.get('/home')).headers.get('Location')).toBe('/pricing')
})
