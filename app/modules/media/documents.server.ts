import { readFile } from 'node:fs/promises'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import { getDb, type Database, type Transaction } from '#db/client.server.ts'
import { propertyDocuments } from '#db/schema.ts'
import { isUuid } from '#app/lib/ids.ts'
import { recordActivity } from '#app/modules/activity/activity.server.ts'
import { detectDocumentKind } from './file-kinds.server.ts'
import { getFileStorage, newStorageKey } from './storage.server.ts'
import {
  fileNameWithoutExtension,
  formatMegabytes,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_PROPERTY,
  MB,
  type UploadedFile,
  type UploadLimits,
} from './limits.ts'
import { lockPropertyMedia } from './lock.server.ts'
import { asResult, missing, refuse, type PropertyRef } from './results.ts'
import { logger } from '#app/lib/logger.server.ts'
import { visibleTo } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

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
export function addDocument(scope: Scope, property: PropertyRef, file: UploadedFile | undefined, title: string) {
  return asResult(async () => {
  const parsedTitle = TitleSchema.safeParse(title)
  if (!parsedTitle.success) refuse('title', parsedTitle.error.issues[0]?.message ?? 'Check the title.')
  if (!file) refuse('document', 'Choose a file to upload.')
  if (file.size > MAX_DOCUMENT_BYTES) {
    refuse('document', `“${file.name}” is larger than ${formatMegabytes(MAX_DOCUMENT_BYTES)}.`, true)
  }
  await checkRoomForDocument(getDb(), property.id)
  const bytes = await readFile(file.path)
  const kind = await detectDocumentKind(bytes)
  if (!kind) refuse('document', `“${file.name}” is not a PDF, Word, Excel, PowerPoint or image file.`)

  const baseName = fileNameWithoutExtension(file.name)
  const documentTitle = parsedTitle.data || baseName.slice(0, DOCUMENT_TITLE_MAX_LENGTH)
  const storageKey = newStorageKey(`documents/${property.id}`, kind.ext)
  try {
    await getFileStorage().put(storageKey, bytes, kind.mime)
    await getDb().transaction(async (tx) => {
      // Locked so two uploads at once cannot both take the last free place.
      await lockPropertyMedia(tx, property.id)
      await checkRoomForDocument(tx, property.id)
      await tx.insert(propertyDocuments).values({
        propertyId: property.id,
        ownerId: scope.memberId,
        title: documentTitle,
        fileName: `${baseName}.${kind.ext}`,
        contentType: kind.mime,
        bytes: bytes.length,
        storageKey,
      })
      await recordActivity(tx, scope.memberId, {
        kind: 'document_added',
        propertyId: property.id,
        summary: `Added “${documentTitle}” to ${property.title}`,
      })
    })
  } catch (error) {
    await getFileStorage()
      .delete([storageKey])
      .catch((cleanupError: unknown) => logger.error({ err: cleanupError, storageKey }, 'Could not remove the file of a failed document upload'))
    throw error
  }
  return { title: documentTitle }
  })
}

/** Shared documents show on the property's share pages; the rest stay private. */
export function setDocumentShared(scope: Scope, property: PropertyRef, documentId: string, shared: boolean) {
  return asResult(async () => {
    if (!isUuid(documentId)) missing()
    const [updated] = await getDb()
      .update(propertyDocuments)
      .set({ sharedWithClients: shared })
      .where(ownDocument(scope, property, documentId))
      .returning({ title: propertyDocuments.title })
    return updated ?? missing()
  })
}

/** Moves the document to the trash; its file stays until the trash is emptied (trash.server.ts). */
export function deleteDocument(scope: Scope, property: PropertyRef, documentId: string) {
  return asResult(async () => {
    if (!isUuid(documentId)) missing()
    return getDb().transaction(async (tx) => {
      const [row] = await tx
        .update(propertyDocuments)
        .set({ deletedAt: sql`now()` })
        .where(ownDocument(scope, property, documentId))
        .returning({ title: propertyDocuments.title, propertyId: propertyDocuments.propertyId })
      if (!row) missing()
      await recordActivity(tx, scope.memberId, {
        kind: 'document_deleted',
        propertyId: row.propertyId,
        summary: `Moved “${row.title}” of ${property.title} to the trash`,
      })
      return row
    })
  })
}

/** One of the broker's live documents of this property. */
const ownDocument = (scope: Scope, property: PropertyRef, documentId: string) =>
  and(
    eq(propertyDocuments.id, documentId),
    visibleTo(propertyDocuments, scope),
    eq(propertyDocuments.propertyId, property.id),
    isNull(propertyDocuments.deletedAt),
  )

/** Documents in the trash take no place; the restore of a document checks the same. */
export async function checkRoomForDocument(db: Database | Transaction, propertyId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(propertyDocuments)
    .where(and(eq(propertyDocuments.propertyId, propertyId), isNull(propertyDocuments.deletedAt)))
  if ((row?.count ?? 0) >= MAX_DOCUMENTS_PER_PROPERTY) {
    refuse(
      'document',
      `This property already has ${MAX_DOCUMENTS_PER_PROPERTY} documents, the most it can have. Delete one to add another.`,
    )
  }
}
