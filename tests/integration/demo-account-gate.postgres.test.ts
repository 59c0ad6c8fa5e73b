import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '#db/client.server.ts'
import { DEMO_EMAIL, seedDemoAccountIfWanted } from '#app/modules/demo/demo-account.server.ts'
import { logs } from '#tests/support/setup-integration.ts'

// Only the demo address: other test files write other accounts into this database meanwhile.
const demoAccounts = async () =>
  (await queryRows<{ n: number }>(sql`select count(*)::int as n from users where lower(email) = ${DEMO_EMAIL}`))[0]?.n

describe('the demo account on a server database', () => {
  it('is not created at start without SEED_DEMO: nothing written, nothing printed', async () => {
    const before = await demoAccounts()
    logs.take()
    await seedDemoAccountIfWanted()
    expect(logs.take()).toEqual([])
    expect(await demoAccounts()).toBe(before)
  })
})
