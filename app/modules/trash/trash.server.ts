import { DAY_MS } from '#app/lib/time.ts'
import { deleteClientForever, listTrashedClients, purgeTrashedClients, restoreClient } from '#app/modules/clients/trash.server.ts'
import {
  deleteDocumentForever,
  deletePhotoForever,
  findTrashedDocument,
  findTrashedPhoto,
  listTrashedDocuments,
  listTrashedPhotos,
  purgeTrashedMedia,
  restoreDocument,
  restorePhoto,
} from '#app/modules/media/trash.server.ts'
import type { PhotoForImage } from '#app/modules/media/variants.ts'
import { findOwnedProperty, getPropertyTitles } from '#app/modules/properties/access.server.ts'
import { deletePropertyForever, listTrashedProperties, purgeTrashedProperties, restoreProperty } from '#app/modules/properties/trash.server.ts'
import { TRASH_DAYS, type TrashKind } from './kinds.ts'
import type { Scope } from '#db/tenancy.server.ts'

/*
 * The trash (docs/decisions/032-trash-and-own-tasks.md): what the broker deleted in the last 30
 * days, across kinds, to restore or delete for good; and the job that empties it. Each kind's
 * rows and rules stay with its module; this only puts them side by side.
 */

/** The page lists at most this many of each kind (newest first): a trash that big is emptied by the job soon anyway. */
export const TRASH_PAGE_MAX_PER_KIND = 200

export type TrashEntry = {
  kind: TrashKind
  id: string
  /** What it is: the title, the name, "Photo of …", the document's title. */
  label: string
  /** Where it belonged or a detail (city, e-mail, the property), or null. */
  detail: string | null
  deletedAt: Date
  /** When the job deletes it for good. */
  purgeAt: Date
  photo: PhotoForImage | null
}

const purgeAt = (deletedAt: Date) => new Date(deletedAt.getTime() + TRASH_DAYS * DAY_MS)

/**
 * Everything in the trash the member may restore (their own; the whole agency's for its owner and
 * admins), latest first: five queries whatever it holds. Photos and
 * documents of a property that is itself in the trash are not listed on their own: they are
 * part of it, restored or deleted with it.
 */
export async function listTrash(scope: Scope): Promise<TrashEntry[]> {
  const [properties, clients, photos, documents] = await Promise.all([
    listTrashedProperties(scope, TRASH_PAGE_MAX_PER_KIND),
    listTrashedClients(scope, TRASH_PAGE_MAX_PER_KIND),
    listTrashedPhotos(scope, TRASH_PAGE_MAX_PER_KIND),
    listTrashedDocuments(scope, TRASH_PAGE_MAX_PER_KIND),
  ])
  const titles = await getPropertyTitles(scope, [...photos.map((p) => p.propertyId), ...documents.map((d) => d.propertyId)])
  const entries: TrashEntry[] = [
    ...properties.map((p) => ({ kind: 'property' as const, id: p.id, label: p.title, detail: p.city, deletedAt: p.deletedAt, purgeAt: purgeAt(p.deletedAt), photo: null })),
    ...clients.map((c) => ({ kind: 'client' as const, id: c.id, label: c.fullName, detail: c.email, deletedAt: c.deletedAt, purgeAt: purgeAt(c.deletedAt), photo: null })),
    ...photos.flatMap((p) => {
      const title = titles.get(p.propertyId)
      if (title === undefined) return []
      const { propertyId: _property, deletedAt, ...photo } = p
      return [{ kind: 'photo' as const, id: p.id, label: `Photo of ${title}`, detail: p.caption || null, deletedAt, purgeAt: purgeAt(deletedAt), photo }]
    }),
    ...documents.flatMap((d) => {
      const title = titles.get(d.propertyId)
      return title === undefined ? [] : [{ kind: 'document' as const, id: d.id, label: d.title, detail: `Document of ${title}`, deletedAt: d.deletedAt, purgeAt: purgeAt(d.deletedAt), photo: null }]
    }),
  ]
  return entries.sort((a, b) => b.deletedAt.getTime() - a.deletedAt.getTime())
}

/** `path`: the restored item's page (its property's media page for a photo or document). */
export type TrashResult = { ok: true; message: string; path: string } | { ok: false; message: string } | null

/**
 * Takes one item out of the trash. Refused with the reason when it cannot come back (the plan
 * has no room for a property, the property has 40 photos); null when the broker has no such
 * item in the trash (or, for a photo or document, its property is itself in the trash).
 */
export async function restoreFromTrash(scope: Scope, kind: TrashKind, id: string): Promise<TrashResult> {
  switch (kind) {
    case 'property': {
      const result = await restoreProperty(scope, id)
      return result && (result.ok ? { ok: true, message: `Restored ${result.title}.`, path: `/property/${id}` } : result)
    }
    case 'client': {
      const client = await restoreClient(scope, id)
      return client && { ok: true, message: `Restored ${client.fullName}.`, path: `/client/${id}` }
    }
    case 'photo': {
      const trashed = await findTrashedPhoto(scope, id)
      const property = trashed && (await findOwnedProperty(scope, trashed.propertyId))
      if (!property) return null
      const result = await restorePhoto(scope, property, id)
      return result && (result.ok ? { ok: true, message: `Restored a photo of ${property.title}.`, path: `/property/${property.id}/media` } : { ok: false, message: result.problem.message })
    }
    case 'document': {
      const trashed = await findTrashedDocument(scope, id)
      const property = trashed && (await findOwnedProperty(scope, trashed.propertyId))
      if (!property) return null
      const result = await restoreDocument(scope, property, id)
      return result && (result.ok ? { ok: true, message: `Restored “${result.value.title}”.`, path: `/property/${property.id}/media` } : { ok: false, message: result.problem.message })
    }
  }
}

/** Deletes one item of the trash for good (rows, what hangs on them, files); null when there is no such item. */
export async function deleteFromTrash(scope: Scope, kind: TrashKind, id: string): Promise<{ message: string } | null> {
  switch (kind) {
    case 'property': {
      const property = await deletePropertyForever(scope, id)
      return property && { message: `Deleted ${property.title} for good.` }
    }
    case 'client': {
      const client = await deleteClientForever(scope, id)
      return client && { message: `Deleted ${client.fullName} for good.` }
    }
    case 'photo':
      return (await deletePhotoForever(scope, id)) ? { message: 'Deleted the photo for good.' } : null
    case 'document': {
      const document = await deleteDocumentForever(scope, id)
      return document && { message: `Deleted “${document.title}” for good.` }
    }
  }
}

export const TRASH_QUEUE = 'empty-trash'
/** Hourly at minute 23: an item leaves the trash within the hour after its 30 days. */
export const TRASH_CRON = '23 * * * *'

/**
 * The job: deletes for good everything every broker put in the trash more than 30 days before
 * `now`, rows and files, in batches until none is left. Properties first: their photos and
 * documents go with them (their folders), then clients, then loose photos and documents.
 */
export async function emptyExpiredTrash(now = new Date()) {
  const cutoff = new Date(now.getTime() - TRASH_DAYS * DAY_MS)
  return {
    properties: await drain(() => purgeTrashedProperties(cutoff)),
    clients: await drain(() => purgeTrashedClients(cutoff)),
    media: await drain(() => purgeTrashedMedia(cutoff)),
  }
}

/** Calls a batch purge until a call deletes nothing; the total deleted. */
async function drain(purgeBatch: () => Promise<number>) {
  let total = 0
  for (;;) {
    const deleted = await purgeBatch()
    if (deleted === 0) return total
    total += deleted
  }
}
