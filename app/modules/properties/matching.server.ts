import { and, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import { getDb } from '#db/client.server.ts'
import { properties } from '#db/schema.ts'
import { getCoverPhotos } from '#app/modules/media/queries.server.ts'
import type { Category, PropertyType, Purpose } from '#db/reference.ts'
import { PROPERTY_CARD_COLUMNS } from './queries.server.ts'
import { visibleTo } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

export const MATCHES_SHOWN = 12

/** What a client wants, as the clients module keeps it (places as the broker typed them). */
export type Requirements = {
  wantedPurpose: Purpose | null
  wantedCategories: Category[]
  wantedTypes: PropertyType[]
  wantedPlaces: string[]
  budgetMin: number | null
  budgetMax: number | null
  budgetCurrency: string
  minBedrooms: number | null
}

/** Whether the client gave a budget: only then does a listing's currency matter. */
export const hasBudget = (client: Pick<Requirements, 'budgetMin' | 'budgetMax'>) => client.budgetMin !== null || client.budgetMax !== null

/**
 * Every requirement but the budget: the broker's active listings of the wanted purpose,
 * categories, types and places (bedrooms only rank). A place is matched on the folded columns of
 * migration 0020, each wanted place folded in the statement itself (a constant to the planner).
 */
function fitsAllButBudget(scope: Scope, client: Requirements): SQL[] {
  // Literal status: the partial place indexes need to see it, also in a generic plan.
  const must: SQL[] = [visibleTo(properties, scope), sql`${properties.status} = 'active'`, sql`${properties.deletedAt} is null`]
  if (client.wantedPurpose) must.push(eq(properties.purpose, client.wantedPurpose))
  if (client.wantedCategories.length) must.push(inArray(properties.category, client.wantedCategories))
  if (client.wantedTypes.length) must.push(inArray(properties.type, client.wantedTypes))
  if (client.wantedPlaces.length) {
    const places = sql`array[${sql.join(client.wantedPlaces.map((place) => sql`fold_text(${place})`), sql`, `)}]`
    must.push(sql`(${properties.cityFolded} = any(${places}) or ${properties.areaFolded} = any(${places}))`)
  }
  return must
}

/** The budget, in its own currency: a price in another one is never compared with it (no exchange rate is honest). */
function fitsBudget(client: Requirements): SQL[] {
  if (!hasBudget(client)) return []
  const must: SQL[] = [eq(properties.currency, client.budgetCurrency)]
  if (client.budgetMax !== null) must.push(lte(properties.price, client.budgetMax))
  if (client.budgetMin !== null) must.push(gte(properties.price, client.budgetMin))
  return must
}

/** Listings counted in each other currency, up to this many in all: the page says "100+" past it. */
export const OTHER_CURRENCY_COUNT_CAP = 100

export type SkippedByCurrency = { currency: string; count: number }[]
export type OtherCurrencies = { byCurrency: SkippedByCurrency; capped: boolean }

/**
 * The listings the budget left out only for their currency: active listings that fit every other
 * requirement but are priced in another currency than the budget, counted per currency (issue 25,
 * defect 3: a Lisbon flat left in dollars silently missed a client with a euro budget). One
 * statement that reads at most OTHER_CURRENCY_COUNT_CAP + 1 rows, and none when the client gave
 * no budget (then every currency is a match already).
 */
export async function countOtherCurrencyFits(scope: Scope, client: Requirements): Promise<OtherCurrencies> {
  if (!hasBudget(client)) return { byCurrency: [], capped: false }
  const skipped = getDb()
    .select({ currency: properties.currency })
    .from(properties)
    .where(and(...fitsAllButBudget(scope, client), ne(properties.currency, client.budgetCurrency)))
    .limit(OTHER_CURRENCY_COUNT_CAP + 1)
    .as('skipped')
  const rows = await getDb()
    .select({ currency: skipped.currency, count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(skipped)
    .groupBy(skipped.currency)
    .orderBy(sql`count(*) desc`, skipped.currency)
  const total = rows.reduce((sum, row) => sum + row.count, 0)
  return { byCurrency: rows, capped: total > OTHER_CURRENCY_COUNT_CAP }
}

/**
 * The broker's active properties that fit the client's requirements, best first, in one query
 * (plus one for cover photos). Purpose, category, type, budget and, when the client names any,
 * place must fit: a property is in a wanted place when its city or area is one of them, ignoring
 * case and accents ("lisboa" is "Lisboa"; the folded columns of migration 0020). Bedrooms rank
 * the matches. A Braga flat is not shown to a client who wants Lisbon, however well it fits
 * otherwise: places are a requirement.
 *
 * Best first without reading every fit: the newest fits with the bedrooms, then the newest
 * without, each branch a walk of the broker's active listings newest first (or of their listings
 * in the wanted places) that stops at a dozen, so a portfolio of 100,000 costs what one of 1,000
 * does, and other brokers' listings are never read.
 */
export async function findMatchingProperties(scope: Scope, client: Requirements) {
  const must = [...fitsAllButBudget(scope, client), ...fitsBudget(client)]
  const newestFits = (extra: SQL | undefined, score: number) =>
    getDb()
      .select({ ...PROPERTY_CARD_COLUMNS, createdAt: properties.createdAt, score: sql<number>`${sql.raw(String(score))}`.mapWith(Number).as('score') })
      .from(properties)
      .where(and(...must, extra))
      .orderBy(desc(properties.createdAt), desc(properties.id))
      .limit(MATCHES_SHOWN)
  const rows =
    client.minBedrooms === null
      ? await newestFits(undefined, 1)
      : await unionAll(
          newestFits(sql`coalesce(${properties.bedrooms}, 0) >= ${client.minBedrooms}`, 1),
          newestFits(sql`coalesce(${properties.bedrooms}, 0) < ${client.minBedrooms}`, 0),
        )
          .orderBy(sql`score desc`, sql`created_at desc`, sql`id desc`)
          .limit(MATCHES_SHOWN)
  const covers = await getCoverPhotos(scope, rows.map((r) => r.id))
  return rows.map(({ createdAt: _created, ...row }) => ({ ...row, cover: covers.get(row.id) ?? null }))
}

/**
 * Set-based form of the fit above, for client alerts (one statement for every client): `p` is
 * a row with the properties' columns and `city`/`area` already folded (city_folded, area_folded), `c` a row with the
 * clients' requirement columns and `places` (its wanted places, folded; null for none). Unlike
 * the page's ranking, an alert also requires the bedrooms: a mail is no place for near misses.
 */
export function propertyFitsClientSql(p: string, c: string): SQL {
  const P = (column: string) => sql.raw(`${p}.${column}`)
  const C = (column: string) => sql.raw(`${c}.${column}`)
  return sql`(${C('wanted_purpose')} is null or ${P('purpose')} = ${C('wanted_purpose')})
    and (cardinality(${C('wanted_categories')}) = 0 or ${P('category')} = any(${C('wanted_categories')}))
    and (cardinality(${C('wanted_types')}) = 0 or ${P('type')} = any(${C('wanted_types')}))
    and ((${C('budget_min')} is null and ${C('budget_max')} is null) or ${P('currency')} = ${C('budget_currency')})
    and (${C('budget_max')} is null or ${P('price')} <= ${C('budget_max')})
    and (${C('budget_min')} is null or ${P('price')} >= ${C('budget_min')})
    and (${C('places')} is null or ${P('city')} = any(${C('places')}) or ${P('area')} = any(${C('places')}))
    and (${C('min_bedrooms')} is null or coalesce(${P('bedrooms')}, 0) >= ${C('min_bedrooms')})`
}
