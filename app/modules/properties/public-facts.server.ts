import { and, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { properties } from '#db/schema.ts'
import { HIDDEN_FROM_CLIENTS } from './client-visibility.ts'

/**
 * The columns a client may see. Chosen one by one, so a new private column (notes, tags,
 * visibility) never reaches a share page by accident.
 */
const PUBLIC_PROPERTY_COLUMNS = {
  id: properties.id,
  title: properties.title,
  description: properties.description,
  category: properties.category,
  type: properties.type,
  purpose: properties.purpose,
  rentPeriod: properties.rentPeriod,
  status: properties.status,
  price: properties.price,
  currency: properties.currency,
  referenceCode: properties.referenceCode,
  street: properties.street,
  area: properties.area,
  city: properties.city,
  region: properties.region,
  postalCode: properties.postalCode,
  country: properties.country,
  bedrooms: properties.bedrooms,
  bathrooms: properties.bathrooms,
  parking: properties.parking,
  floor: properties.floor,
  yearBuilt: properties.yearBuilt,
  furnished: properties.furnished,
  builtArea: properties.builtArea,
  landArea: properties.landArea,
  areaUnit: properties.areaUnit,
  features: properties.features,
}

function selectPublicFacts(ownerId: string, propertyIds: readonly string[]) {
  return getDb()
    .select(PUBLIC_PROPERTY_COLUMNS)
    .from(properties)
    .where(
      and(
        eq(properties.ownerId, ownerId),
        inArray(properties.id, [...propertyIds]),
        notInArray(properties.status, [...HIDDEN_FROM_CLIENTS]),
        isNull(properties.deletedAt),
      ),
    )
}
export type PublicFacts = Awaited<ReturnType<typeof selectPublicFacts>>[number]

/**
 * The client-visible facts of some of one broker's properties, by id (in no order). Drafts and
 * off-market properties are absent, and so is the trash: this is the one query behind every page a client sees.
 */
export async function getPublicFacts(ownerId: string, propertyIds: readonly string[]): Promise<Map<string, PublicFacts>> {
  if (propertyIds.length === 0) return new Map()
  const rows = await selectPublicFacts(ownerId, propertyIds)
  return new Map(rows.map((row) => [row.id, row]))
}

/**
 * An SQL boolean for a caller composing one access query (file access): the owner's property
 * is listed publicly and active, so anyone may see its photos.
 */
export function isOpenToEveryoneSql(ownerId: string, propertyId: string): SQL {
  return sql`exists (
    select 1 from ${properties}
    where ${properties.id} = ${propertyId} and ${properties.ownerId} = ${ownerId}
      and ${properties.visibility} = 'public' and ${properties.status} = 'active' and ${properties.deletedAt} is null
  )`
}

/**
 * An SQL boolean for a caller composing one access query (file access through a share link):
 * the owner's property is in a status clients may see.
 */
export function isShownToClientsSql(ownerId: string, propertyId: string): SQL {
  return sql`exists (
    select 1 from ${properties}
    where ${properties.id} = ${propertyId} and ${properties.ownerId} = ${ownerId}
      and ${notInArray(properties.status, [...HIDDEN_FROM_CLIENTS])} and ${properties.deletedAt} is null
  )`
}
