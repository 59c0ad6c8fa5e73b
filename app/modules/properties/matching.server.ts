import { and, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { properties } from '#db/schema.ts'
import { getCoverPhotos } from '#app/modules/media/queries.server.ts'
import type { Category, PropertyType, Purpose } from '#db/reference.ts'
import { PROPERTY_CARD_COLUMNS } from './queries.server.ts'

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

/**
 * The broker's active properties that fit the client's requirements, best first, in one query
 * (plus one for cover photos). Purpose, category, type, budget and, when the client names any,
 * place must fit: a property is in a wanted place when its city or area is one of them, ignoring
 * case and accents ("lisboa" is "Lisboa"). Bedrooms rank the matches. A Braga flat is not shown
 * to a client who wants Lisbon, however well it fits otherwise: places are a requirement.
 */
export async function findMatchingProperties(brokerId: string, client: Requirements) {
  const must: SQL[] = [eq(properties.ownerId, brokerId), eq(properties.status, 'active')]
  if (client.wantedPurpose) must.push(eq(properties.purpose, client.wantedPurpose))
  if (client.wantedCategories.length) must.push(inArray(properties.category, client.wantedCategories))
  if (client.wantedTypes.length) must.push(inArray(properties.type, client.wantedTypes))
  // A budget is in its own currency: a price in another one cannot be compared with it.
  if (client.budgetMin !== null || client.budgetMax !== null) must.push(eq(properties.currency, client.budgetCurrency))
  if (client.budgetMax !== null) must.push(lte(properties.price, client.budgetMax))
  if (client.budgetMin !== null) must.push(gte(properties.price, client.budgetMin))
  if (client.wantedPlaces.length) {
    must.push(sql`exists (
      select 1 from unnest(${sql.param(client.wantedPlaces)}::text[]) as place
      where fold_text(place) in (fold_text(${properties.city}), fold_text(${properties.area}))
    )`)
  }

  const bedroomsFit = client.minBedrooms === null ? sql`true` : sql`coalesce(${properties.bedrooms}, 0) >= ${client.minBedrooms}`
  const score = sql<number>`(case when ${bedroomsFit} then 1 else 0 end)`

  const rows = await getDb()
    .select({
      ...PROPERTY_CARD_COLUMNS,
      score: score.mapWith(Number),
    })
    .from(properties)
    .where(and(...must))
    .orderBy(desc(score), desc(properties.createdAt))
    .limit(MATCHES_SHOWN)
  const covers = await getCoverPhotos(brokerId, rows.map((r) => r.id))
  return rows.map((row) => ({ ...row, cover: covers.get(row.id) ?? null }))
}

/**
 * Set-based form of the fit above, for client alerts (one statement for every client): `p` is
 * a row with the properties' columns and `city`/`area` already folded, `c` a row with the
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
