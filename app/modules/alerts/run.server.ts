import { sql, type SQL } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { sendMails } from '#app/modules/mail/outbound.server.ts'
import type { MailRequest } from '#app/modules/mail/message.ts'
import { propertyFitsClientSql } from '#app/modules/properties/matching.server.ts'
import { sharePath } from '#app/modules/sharing/share-links.ts'
import { mailSignature } from '#app/modules/sharing/client-contact.ts'
import { contactKey, loadBrokerContacts } from '#app/modules/sharing/client-contact.server.ts'
import type { BrokerContact } from '#app/modules/sharing/share-view.ts'
import type { AlertReason } from '#db/reference.ts'
import { composeAlertMail, type AlertLine } from './alert-mail.ts'
import { ALERT_LOOKBACK_DAYS, ALERT_MIN_GAP_HOURS } from './settings.ts'
import { alertsOnSql } from './subscriptions.server.ts'
import { countOf } from '#app/lib/format.ts'
import { recordNotifications, type NotificationInput } from '#app/modules/notifications/notifications.server.ts'

type Mailer = (mails: MailRequest[]) => Promise<void>

const rowsOf = <Row>(result: unknown): Row[] => (Array.isArray(result) ? result : ((result as { rows?: Row[] }).rows ?? [])) as Row[]

/**
 * Step 1, set-based: every (client with alerts on, property) pair that fits and is news to the
 * client, recorded once per reason. "News" is a property added after the client agreed, or
 * repriced down after that; only properties touched in the last ALERT_LOOKBACK_DAYS are looked
 * at, so a run reads the recent stock, not all of it. Returns how many matches were new.
 *
 * The statement reads `clients` and `properties` by name: one join instead of a query per
 * client (the bench: 1,000 clients × 5,000 properties). What "fits" means is the properties
 * module's (`propertyFitsClientSql`), so it changes in one place with the client page's list.
 */
async function recordNewMatches(tx: Transaction, now: Date, owner: SQL): Promise<number> {
  const since = new Date(now.getTime() - ALERT_LOOKBACK_DAYS * 86_400_000).toISOString()
  const fits: SQL = propertyFitsClientSql('f', 'd')
  // Clients that name places are joined to listings on the folded place (a hash join on equal
  // keys, city or area), those that name none on the owner alone: far fewer pairs than every
  // client against every listing. A pair found twice (city and area) is inserted once.
  const result = await tx.execute(sql`
    with d as (
      select a.client_id, a.owner_id, a.consented_at, c.wanted_purpose, c.wanted_categories, c.wanted_types,
             c.budget_min, c.budget_max, c.budget_currency, c.min_bedrooms,
             nullif(array(select fold_text(w) from unnest(c.wanted_places) w), '{}') as places
      from client_alerts a join clients c on c.id = a.client_id and c.owner_id = a.owner_id
      where ${alertsOnSql('a')} and c.email is not null and c.deleted_at is null and a.owner_id ${owner}
    ), f as (
      select p.id, p.owner_id, p.purpose, p.category, p.type, p.price, p.previous_price, p.currency, p.bedrooms,
             p.created_at, p.price_changed_at, p.city_folded as city, p.area_folded as area
      from properties p
      where p.status = 'active' and p.deleted_at is null and greatest(p.created_at, p.updated_at, p.price_changed_at) > ${since}::timestamptz
        and p.owner_id ${owner}
    ), wanted as (
      select d.client_id, d.owner_id, place from d cross join lateral unnest(d.places) as place
    ), pairs as (
      select w.client_id, f.id as property_id from wanted w join f on f.owner_id = w.owner_id and f.city = w.place
      union
      select w.client_id, f.id from wanted w join f on f.owner_id = w.owner_id and f.area = w.place
      union all
      select d.client_id, f.id from d join f on f.owner_id = d.owner_id where d.places is null
    )
    insert into alert_matches (owner_id, client_id, property_id, reason, reason_key, price, previous_price, currency, found_at)
    select d.owner_id, d.client_id, f.id, r.reason::alert_reason, r.reason_key, f.price, r.was, f.currency, ${now.toISOString()}::timestamptz
    from pairs
    join d on d.client_id = pairs.client_id
    join f on f.id = pairs.property_id
    cross join lateral (values
      ('new', 'new', null::numeric, f.created_at > d.consented_at),
      ('price_drop', 'drop:' || f.price::text, f.previous_price, f.price_changed_at > d.consented_at and f.previous_price > f.price)
    ) as r(reason, reason_key, was, applies)
    where r.applies and ${fits}
    on conflict (client_id, property_id, reason_key) do nothing
    returning 1 as found`)
  return rowsOf(result).length
}

type DueRow = {
  client_id: string
  owner_id: string
  agency_id: string
  email: string
  full_name: string
  share_id: string
  unsubscribe_token: string
  broker_name: string | null
  property_id: string
  title: string
  city: string | null
  reason: AlertReason
  price: number | null
  previous_price: number | null
  currency: string
}

/**
 * Step 2: clients with matches not mailed yet whose last alert is ALERT_MIN_GAP_HOURS old,
 * claimed (rows locked, skipped if another worker holds them) and marked mailed in the same
 * statement, with everything the mail says. Properties no longer shown to clients are dropped;
 * a client in the trash is not due (restored, they get what matched meanwhile).
 */
async function takeDueMatches(tx: Transaction, now: Date, owner: SQL): Promise<DueRow[]> {
  const at = now.toISOString()
  const claimed = rowsOf<{ client_id: string }>(
    await tx.execute(sql`
      with due as (
        select a.client_id from client_alerts a
        where ${alertsOnSql('a')} and a.owner_id ${owner}
          and (a.last_mailed_at is null or a.last_mailed_at <= ${at}::timestamptz - make_interval(hours => ${ALERT_MIN_GAP_HOURS}))
          and exists (select 1 from alert_matches m where m.client_id = a.client_id and m.mailed_at is null)
          and exists (select 1 from clients c where c.id = a.client_id and c.deleted_at is null)
        for update of a skip locked
      )
      update client_alerts a set last_mailed_at = ${at}::timestamptz from due where a.client_id = due.client_id
      returning a.client_id`),
  )
  if (claimed.length === 0) return []
  // By an array of ids, not a join with the claim: the planner knows nothing yet of the rows
  // this transaction just inserted, and would loop over them once per client.
  const ids = `{${claimed.map((row) => row.client_id).join(',')}}`
  const result = await tx.execute(sql`
    with marked as (
      update alert_matches m set mailed_at = ${at}::timestamptz
      where m.mailed_at is null and m.client_id = any(${ids}::uuid[])
      returning m.client_id, m.owner_id, m.property_id, m.reason, m.price, m.previous_price, m.currency
    )
    select m.client_id, m.owner_id, a.agency_id, c.email, c.full_name, a.share_id, a.unsubscribe_token, pr.full_name as broker_name,
           m.property_id, p.title, p.city, m.reason, m.price::float8 as price, m.previous_price::float8 as previous_price, m.currency
    from marked m
    join client_alerts a on a.client_id = m.client_id
    join clients c on c.id = m.client_id
    join properties p on p.id = m.property_id and p.owner_id = m.owner_id and p.status not in ('draft', 'off_market') and p.deleted_at is null
    left join profiles pr on pr.id = m.owner_id
    where c.email is not null and c.deleted_at is null`)
  return rowsOf<DueRow>(result)
}

/** One notification per client mailed: whom, how many listings, and their titles. */
function alertNotifications(rows: DueRow[]): NotificationInput[] {
  const byClient = new Map<string, DueRow[]>()
  for (const row of rows) byClient.set(row.client_id, [...(byClient.get(row.client_id) ?? []), row])
  return [...byClient.values()].map((group) => {
    const first = group[0]!
    return {
      ownerId: first.owner_id,
      kind: 'alert_sent',
      summary: `Alert e-mail sent to ${first.full_name} with ${countOf(group.length, 'listing', 'listings')}`,
      detail: group.map((row) => row.title).join(' · '),
      href: `/client/${first.client_id}`,
    }
  })
}

/** The card of each member who mails (their agency's identity with it): two queries for the whole run. */
function loadSenders(rows: DueRow[]) {
  return loadBrokerContacts(rows.map((row) => ({ memberId: row.owner_id, agencyId: row.agency_id })))
}

function composeMails(rows: DueRow[], senders: Map<string, BrokerContact>): MailRequest[] {
  const appUrl = getEnv().APP_URL.replace(/\/+$/, '')
  const contact = getEnv().CONTACT_EMAIL
  const byClient = new Map<string, DueRow[]>()
  for (const row of rows) byClient.set(row.client_id, [...(byClient.get(row.client_id) ?? []), row])
  return [...byClient.values()].map((group) => {
    const first = group[0]!
    const lines: AlertLine[] = group.map((row) => ({
      propertyId: row.property_id,
      title: row.title,
      city: row.city,
      reason: row.reason,
      price: row.price === null ? null : Number(row.price),
      previousPrice: row.previous_price === null ? null : Number(row.previous_price),
      currency: row.currency,
    }))
    const sender = senders.get(contactKey({ memberId: first.owner_id, agencyId: first.agency_id }))
    return composeAlertMail({
      to: first.email,
      clientName: first.full_name,
      brokerName: first.broker_name?.trim() || 'Your broker',
      pageUrl: `${appUrl}${sharePath('client_alert', first.share_id)}`,
      unsubscribeUrl: `${appUrl}/unsubscribe/${first.unsubscribe_token}`,
      unsubscribeMailto: `mailto:${contact}?subject=${encodeURIComponent(`unsubscribe ${first.unsubscribe_token}`)}`,
      lines,
      ...(sender && { signature: mailSignature(sender, appUrl) }),
    })
  })
}

export type AlertRun = { matched: number; mails: MailRequest[] }

/** `= owner` for one broker's run, `is not null` (every row) for the sweep. */
const ownerFilter = (ownerId: string | undefined): SQL => (ownerId ? sql`= ${ownerId}::uuid` : sql`is not null`)

/**
 * One alerts run, for one broker (`ownerId`: a property save's nudge) or for every broker (the
 * cron's sweep): record new matches, then mail each due client once. The
 * mails are queued after the commit (on the embedded database the queue shares the connection
 * the transaction holds, as in notices): a crash in between loses one day's mail, never
 * sends it twice. The clock and the mailer are parameters for tests and the bench.
 */
export async function runClientAlerts({
  now = new Date(),
  send = sendMails,
  ownerId,
}: { now?: Date; send?: Mailer; ownerId?: string } = {}): Promise<AlertRun> {
  const owner = ownerFilter(ownerId)
  const { matched, due } = await getDb().transaction(async (tx) => {
    const matched = await recordNewMatches(tx, now, owner)
    const due = await takeDueMatches(tx, now, owner)
    // The broker hears of each alert mail in the app, committed with the claim that sends it.
    await recordNotifications(tx, alertNotifications(due))
    return { matched, due }
  })
  const mails = composeMails(due, due.length ? await loadSenders(due) : new Map())
  await send(mails)
  return { matched, mails }
}
