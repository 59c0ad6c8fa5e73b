import { readFile } from 'node:fs/promises'
import { and, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { getDb, type Database, type Transaction } from '#db/client.server.ts'
import { properties, propertyDocuments } from '#db/schema.ts'
import { recordActivity } from '#app/modules/activity/activity.server.ts'
import { findOwnedProperty } from '#app/modules/properties/access.server.ts'
import { isUuid } from '#app/lib/ids.ts'
import { notFound, orNotFound } from '#app/lib/http.ts'
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENTS_PER_PROPERTY } from '#app/modules/properties/catalog.ts'
import { detectDocumentKind } from './file-kinds.server.ts'
import { getFileStorage, newStorageKey } from './storage.server.ts'
import {
  fileNameWithoutExtension,
  formatMegabytes,
  MB,
  rejectField,
  type UploadedFile,
  type UploadLimits,
} from './uploads.server.ts'

export const DOCUMENT_UPLOAD_LIMITS: UploadLimits = {
  field: 'document',
  noun: 'document',
  maxFiles: 1,
  maxFileBytes: MAX_DOCUMENT_BYTES,
  // The file plus the title.
  maxTotalBytes: MAX_DOCUMENT_BYTES + MB,
}

export const DOCUMENT_TITLE_MAX_LENGTH = 200
const TitleSchema = z
  .string()
  .trim()
  .max(DOCUMENT_TITLE_MAX_LENGTH, `Keep the title to ${DOCUMENT_TITLE_MAX_LENGTH} characters or fewer.`)

/**
 * Stores a document exactly as sent once its bytes show it is a PDF, an Office file or an
 * image. The title defaults to the file name; the download name gets the extension of what
 * the file really is. A failed insert removes the stored file.
 */
export async function addDocument(brokerId: string, propertyId: string, file: UploadedFile | undefined, title: string) {
  const property = orNotFound(await findOwnedProperty(brokerId, propertyId))
  const parsedTitle = TitleSchema.safeParse(title)
  if (!parsedTitle.success) rejectField('title', parsedTitle.error.issues[0]?.message ?? 'Check the title.')
  if (!file) rejectField('document', 'Choose a file to upload.')
  if (file.size > MAX_DOCUMENT_BYTES) {
    rejectField('document', `“${file.name}” is larger than ${formatMegabytes(MAX_DOCUMENT_BYTES)}.`, 413)
  }
  await checkRoomForDocument(getDb(), property.id)
  const bytes = await readFile(file.path)
  const kind = await detectDocumentKind(bytes)
  if (!kind) rejectField('document', `“${file.name}” is not a PDF, Word, Excel, PowerPoint or image file.`)

  const baseName = fileNameWithoutExtension(file.name)
  const documentTitle = parsedTitle.data || baseName.slice(0, DOCUMENT_TITLE_MAX_LENGTH)
  const storageKey = newStorageKey(`documents/${property.id}`, kind.ext)
  try {
    await getFileStorage().put(storageKey, bytes, kind.mime)
    await getDb().transaction(async (tx) => {
      // Locked so two uploads at once cannot both take the last free place.
      await tx.select({ id: properties.id }).from(properties).where(eq(properties.id, property.id)).for('update')
      await checkRoomForDocument(tx, property.id)
      await tx.insert(propertyDocuments).values({
        propertyId: property.id,
        ownerId: brokerId,
        title: documentTitle,
        fileName: `${baseName}.${kind.ext}`,
        contentType: kind.mime,
        bytes: bytes.length,
        storageKey,
      })
      await recordActivity(tx, brokerId, {
        kind: 'document_added',
        propertyId: property.id,
        summary: `Added “${documentTitle}” to ${property.title}`,
      })
    })
  } catch (error) {
    await getFileStorage()
      .delete([storageKey])
      .catch((cleanupError: unknown) => console.error('Could not remove the file of a failed document upload', cleanupError))
    throw error
  }
  return { title: documentTitle }
}

/** Shared documents show on the property's share pages; the rest stay private. */
export async function setDocumentShared(brokerId: string, documentId: string, shared: boolean) {
  if (!isUuid(documentId)) notFound()
  const [updated] = await getDb()
    .update(propertyDocuments)
    .set({ sharedWithClients: shared })
    .where(and(eq(propertyDocuments.id, documentId), eq(propertyDocuments.ownerId, brokerId)))
    .returning({ title: propertyDocuments.title })
  return updated ?? notFound()
}

export async function deleteDocument(brokerId: string, documentId: string) {
  if (!isUuid(documentId)) notFound()
  const deleted = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .delete(propertyDocuments)
      .where(and(eq(propertyDocuments.id, documentId), eq(propertyDocuments.ownerId, brokerId)))
      .returning({
        title: propertyDocuments.title,
        propertyId: propertyDocuments.propertyId,
        storageKey: propertyDocuments.storageKey,
      })
    if (!row) notFound()
    const [property] = await tx.select({ title: properties.title }).from(properties).where(eq(properties.id, row.propertyId))
    await recordActivity(tx, brokerId, {
      kind: 'document_deleted',
      propertyId: row.propertyId,
      summary: `Deleted “${row.title}” from ${property?.title ?? 'a property'}`,
    })
    return row
  })
  // After the commit: a failure here leaves an unreferenced file, never a row without its file.
  await getFileStorage()
    .delete([deleted.storageKey])
    .catch((error: unknown) => console.error('Could not remove the file of a deleted document', error))
  return deleted
}

async function checkRoomForDocument(db: Database | Transaction, propertyId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(propertyDocuments)
    .where(eq(propertyDocuments.propertyId, propertyId))
  if ((row?.count ?? 0) >= MAX_DOCUMENTS_PER_PROPERTY) {
    rejectField(
      'document',
      `This property already has ${MAX_DOCUMENTS_PER_PROPERTY} documents, the most it can have. Delete one to add another.`,
    )
  }
}
