import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDriver, queryRows, vacuumEmbeddedDatabase } from '#db/client.server.ts'
import { signedInBroker } from '#tests/support/app.ts'
import { createPropertyVia } from '#tests/support/properties.ts'

describe('nightly vacuum', () => {
  it("vacuums the embedded database (which has no autovacuum), and leaves a server's tables to its operator", async () => {
    const { browser } = await signedInBroker('Vera Vacuum')
    await createPropertyVia(browser, { title: 'Quiet flat' })
    const ran = await vacuumEmbeddedDatabase()
    if (getDriver() === 'pglite') {
      expect(ran).toBe(true)
      // Visibility maps set: counts read the index alone.
      const [table] = await queryRows<{ visible: number }>(sql`select relallvisible as visible from pg_class where relname = 'properties'`)
      expect(Number(table?.visible)).toBeGreaterThan(0)
    } else {
      // A server's upkeep is its operator's (autovacuum, on by default): the app runs none.
      expect(ran).toBe(false)
    }
  })
})
