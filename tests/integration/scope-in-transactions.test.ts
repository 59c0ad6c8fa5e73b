import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { getDb, inScopeLater, withScope } from '#db/client.server.ts'
import { currentScope, outsideScope } from '#db/tenancy.server.ts'
import { signedInBroker } from '#tests/support/app.ts'
import { ownerScopeOf } from '#tests/support/db.ts'

/*
 * Code inside a transaction, and work a request leaves for later (a streamed download), must
 * still know the request's scope: visibleTo and changeableBy read it to widen a member's view to
 * the agency. The embedded database calls a transaction's callback from its own queue, which
 * lost it (an admin's change inside a transaction fell back to their own rows: the role matrix's
 * 404s, tests/integration/role-matrix.test.ts).
 */

const scopeOf = async () => ownerScopeOf((await signedInBroker('Scope Keeper')).email)

it('keeps the scope inside a transaction and a nested one', async () => {
  const scope = await scopeOf()
  const seen = await withScope(scope, () =>
    getDb().transaction(async (tx) => {
      await tx.execute(sql`select 1`)
      const nested = await tx.transaction(async () => currentScope()?.memberId)
      return { member: currentScope()?.memberId, nested }
    }),
  )
  expect(seen).toEqual({ member: scope.memberId, nested: scope.memberId })
})

it('runs work left for later in the scope it was asked in, and outside any when there was none', async () => {
  const scope = await scopeOf()
  const later = await withScope(scope, async () => inScopeLater())
  // Called from nowhere (as a stream's reader calls back after the answer went out).
  expect(await outsideScope(() => later(async () => currentScope()?.memberId))).toBe(scope.memberId)
  const unscoped = inScopeLater()
  expect(await unscoped(async () => currentScope())).toBeUndefined()
})
