import { asc, inArray } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { openHouses, openHouseSignIns } from '#db/schema.ts'
import type { ExportSubject, ExportTables } from '#app/lib/export-tables.ts'
import { exportedBy } from '#db/visibility.server.ts'

/**
 * Open houses and their sign-ins for "Export my data": the agency's, in an export of the whole
 * agency (an agent's own export holds none: they are the agency's records, as leads are). The
 * sign-in pages' tokens go with them: the rows are the agency's own, and a token past its open
 * house opens a page that takes nothing.
 */
export async function exportOpenHouseRows(subject: ExportSubject): Promise<ExportTables> {
  const houses = await getDb().select().from(openHouses).where(exportedBy(openHouses, subject)).orderBy(asc(openHouses.startsAt), asc(openHouses.id))
  const signIns = houses.length
    ? await getDb()
        .select()
        .from(openHouseSignIns)
        .where(inArray(openHouseSignIns.openHouseId, houses.map((house) => house.id)))
        .orderBy(asc(openHouseSignIns.signedInAt), asc(openHouseSignIns.id))
    : []
  return { open_houses: houses, open_house_sign_ins: signIns }
}
