import { randomBytes } from 'node:crypto'
import { and, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { alertMatches, clientAlerts } from '#db/schema.ts'
import { findOwnedClient } from '#app/modules/clients/access.server.ts'
import { visibleTo } from '#db/visibility.server.ts'
import { getBrokerNames } from '#app/modules/profile/profile.server.ts'
import { createAlertShare } from '#app/modules/sharing/shares.server.ts'
import { sharePath } from '#app/modules/sharing/share-links.ts'
import { loadBrokerContact } from '#app/modules/sharing/client-contact.server.ts'
import type { BrokerContact } from '#app/modules/sharing/share-view.ts'
import type { AlertState } from './state.ts'
import type { Scope } from '#db/tenancy.server.ts'

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/
const newToken = () => randomBytes(32).toString('base64url')

/** Alerts are on: consented, not stopped by the broker, not unsubscribed by the client. `a` aliases client_alerts. */
export function alertsOnSql(a: string): SQL {
  return sql.raw(`(${a}.stopped_at is null and ${a}.unsubscribed_at is null)`)
}

/**
 * The client's alert state for the broker's client page, for a client the page has loaded as the
 * broker's (getClient). One query for the state and the count of mails sent, and one more for
 * the name of who turned alerts on, when they are.
 */
export async function getAlertState(scope: Scope, client: { id: string }): Promise<AlertState> {
  const [row] = await getDb()
    .select({
      alert: clientAlerts,
      mailedCount: sql<number>`(select count(*)::int from ${alertMatches}
        where ${alertMatches.clientId} = ${clientAlerts.clientId} and ${alertMatches.ownerId} = ${clientAlerts.ownerId}
          and ${alertMatches.mailedAt} is not null)`.mapWith(Number),
    })
    .from(clientAlerts)
    .where(and(eq(clientAlerts.clientId, client.id), visibleTo(clientAlerts, scope)))
  if (!row) return { status: 'never' }
  const { alert, mailedCount } = row
  const names = await getBrokerNames(alert.consentedBy ? [alert.consentedBy] : [])
  return {
    status: alert.unsubscribedAt ? 'unsubscribed' : alert.stoppedAt ? 'stopped' : 'on',
    consentedAt: alert.consentedAt,
    consentedByName: alert.consentedBy ? (names.get(alert.consentedBy)?.brokerName ?? null) : null,
    stoppedAt: alert.stoppedAt,
    unsubscribedAt: alert.unsubscribedAt,
    lastMailedAt: alert.lastMailedAt,
    pagePath: sharePath('client_alert', alert.shareId),
    mailedCount,
  }
}

export type AlertChange = { ok: true } | { ok: false; field: 'consent'; message: string } | null

/**
 * Turns alerts on after the broker confirmed the client agreed, recording who and when. From
 * now on only properties added or repriced later are news; matches found under an earlier
 * consent and never mailed are dropped. A client without an e-mail address cannot have alerts.
 */
export async function turnOnAlerts(scope: Scope, clientId: string, consent: boolean): Promise<AlertChange> {
  return getDb().transaction(async (tx) => {
    const client = await findOwnedClient(scope, clientId, tx)
    if (!client) return null
    if (!client.email) return { ok: false, field: 'consent', message: 'Add the client’s e-mail address first.' }
    if (!consent) return { ok: false, field: 'consent', message: 'Confirm that the client agreed to receive alerts.' }
    const [existing] = await tx.select({ clientId: clientAlerts.clientId }).from(clientAlerts).where(eq(clientAlerts.clientId, client.id)).for('update')
    const consentedAt = new Date()
    if (existing) {
      await tx
        .update(clientAlerts)
        .set({ consentedAt, consentedBy: scope.memberId, stoppedAt: null, unsubscribedAt: null })
        .where(eq(clientAlerts.clientId, client.id))
      await tx.delete(alertMatches).where(and(eq(alertMatches.clientId, client.id), isNull(alertMatches.mailedAt)))
    } else {
      // The client's agent's alerts (their mails, their link), whoever of the agency turned them on.
      const shareId = await createAlertShare(tx, client.ownerId, client.id)
      await tx.insert(clientAlerts).values({
        clientId: client.id,
        ownerId: client.ownerId,
        shareId,
        unsubscribeToken: newToken(),
        consentedAt,
        consentedBy: scope.memberId,
      })
    }
    return { ok: true }
  })
}

/** The broker stops the client's alerts; already off is fine (a double submit). Null: not the broker's client. */
export async function stopAlerts(scope: Scope, clientId: string): Promise<{ ok: true } | null> {
  if (!(await findOwnedClient(scope, clientId))) return null
  await getDb()
    .update(clientAlerts)
    .set({ stoppedAt: new Date() })
    .where(and(eq(clientAlerts.clientId, clientId), visibleTo(clientAlerts, scope), isNull(clientAlerts.stoppedAt)))
  return { ok: true }
}

/** What the unsubscribe page says, by token: null for an unknown token (a 404). */
/** The unsubscribe page: whether it is done, and the broker whose alerts these are (their card). */
export async function findUnsubscribe(token: string): Promise<{ unsubscribed: boolean; broker: BrokerContact } | null> {
  if (!TOKEN_PATTERN.test(token)) return null
  const [row] = await getDb()
    .select({ ownerId: clientAlerts.ownerId, agencyId: clientAlerts.agencyId, unsubscribedAt: clientAlerts.unsubscribedAt })
    .from(clientAlerts)
    .where(eq(clientAlerts.unsubscribeToken, token))
  const broker = row ? await loadBrokerContact({ memberId: row.ownerId, agencyId: row.agencyId }) : null
  return row && broker ? { unsubscribed: row.unsubscribedAt !== null, broker } : null
}

/** One-click unsubscribe by token; doing it twice is harmless. Null for an unknown token. */
export async function unsubscribe(token: string): Promise<{ ok: true } | null> {
  if (!TOKEN_PATTERN.test(token)) return null
  const rows = await getDb()
    .update(clientAlerts)
    .set({ unsubscribedAt: sql`coalesce(${clientAlerts.unsubscribedAt}, now())` })
    .where(eq(clientAlerts.unsubscribeToken, token))
    .returning({ id: clientAlerts.clientId })
  return rows.length ? { ok: true } : null
}

/** The properties mailed to the client recently, newest first, with why (for the alert page). */
export async function listMailedMatches(ownerId: string, clientId: string, since: Date, limit: number) {
  return getDb()
    .select({
      propertyId: alertMatches.propertyId,
      reason: alertMatches.reason,
      price: alertMatches.price,
      previousPrice: alertMatches.previousPrice,
      currency: alertMatches.currency,
      mailedAt: alertMatches.mailedAt,
    })
    .from(alertMatches)
    .where(and(eq(alertMatches.ownerId, ownerId), eq(alertMatches.clientId, clientId), gt(alertMatches.mailedAt, since)))
    .orderBy(desc(alertMatches.mailedAt))
    .limit(limit)
}

/** The client whose alert page this share is (the share is of kind client_alert), or null. */
export async function findAlertOfShare(ownerId: string, shareId: string) {
  const [row] = await getDb()
    .select({ clientId: clientAlerts.clientId })
    .from(clientAlerts)
    .where(and(eq(clientAlerts.shareId, shareId), eq(clientAlerts.ownerId, ownerId)))
  return row ?? null
}
