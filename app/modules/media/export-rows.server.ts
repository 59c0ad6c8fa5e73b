import { asc } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { propertyDocuments, propertyPhotos } from '#db/schema.ts'
import type { ExportSubject, ExportTables } from '#app/lib/export-tables.ts'
import { exportedBy } from '#db/visibility.server.ts'

/** The broker's photo and document rows for the data export. */
export async function exportMediaRows(subject: ExportSubject): Promise<ExportTables> {
  const db = getDb()
  const [photos, documents] = await Promise.all([
    db.select().from(propertyPhotos).where(exportedBy(propertyPhotos, subject)).orderBy(asc(propertyPhotos.propertyId), asc(propertyPhotos.position), asc(propertyPhotos.createdAt)),
    db.select().from(propertyDocuments).where(exportedBy(propertyDocuments, subject)).orderBy(asc(propertyDocuments.propertyId), asc(propertyDocuments.createdAt)),
  ])
  return { property_photos: photos, property_documents: documents }
}

/**
 * The files a data export carries: each photo's original (the stored JPEG, the largest; the
 * WebP sizes are made from it) and each document as uploaded. Sizes come from the rows, so an
 * export can be sized without touching storage.
 */
export async function listExportFiles(subject: ExportSubject) {
  const db = getDb()
  const [photos, documents] = await Promise.all([
    db
      .select({ id: propertyPhotos.id, propertyId: propertyPhotos.propertyId, position: propertyPhotos.position, key: propertyPhotos.originalKey, bytes: propertyPhotos.bytes })
      .from(propertyPhotos)
      .where(exportedBy(propertyPhotos, subject))
      .orderBy(asc(propertyPhotos.propertyId), asc(propertyPhotos.position), asc(propertyPhotos.createdAt)),
    db
      .select({ id: propertyDocuments.id, propertyId: propertyDocuments.propertyId, fileName: propertyDocuments.fileName, key: propertyDocuments.storageKey, bytes: propertyDocuments.bytes })
      .from(propertyDocuments)
      .where(exportedBy(propertyDocuments, subject))
      .orderBy(asc(propertyDocuments.propertyId), asc(propertyDocuments.createdAt)),
  ])
  return { photos, documents }
}
