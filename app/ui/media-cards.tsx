import type { ReactNode } from 'react'
import { Form, Link, useSubmit } from 'react-router'
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENTS_PER_PROPERTY, MAX_PHOTO_BYTES, MAX_PHOTOS_PER_PROPERTY } from '#app/modules/media/limits.ts'
import type { PhotoForImage } from '#app/modules/media/variants.ts'
import { ConfirmDelete } from './confirm-delete.tsx'
import { Button, Field, SubmitButton } from './form.tsx'
import { Card } from './page.tsx'
import { PhotoImage } from './photo.tsx'
import { DragHandle } from './drag-handle.tsx'
import { dragSourceProps, useDropTarget, useFocusAfterMove } from './drag-move.ts'
import { useHydrated } from './use-hydrated.ts'

/** The cards of /property/{id}/media: photos and documents, each with its upload form. */

type MediaLimits = { photosPerUpload: number; captionLength: number; titleLength: number }
type FormEcho = {
  limits: MediaLimits
  /** The text the broker typed into a refused form, kept. */
  values: Record<string, string>
  errorsFor: (field: string) => string[] | undefined
}
type MediaDocument = { id: string; title: string; fileName: string; bytes: number; sharedWithClients: boolean }

const photoAlt = (photo: PhotoForImage, index: number) => photo.caption.trim() || `Photo ${index + 1}`

const PHOTO_DRAG_TYPE = 'application/x-brokervault-photo'
const ORDER_HINT_ID = 'photo-order-hint'
const photoHandleId = (photoId: string) => `photo-grip-${photoId}`

/** Reordering with JavaScript: a post of the same intents as the Move buttons (or move-to, for a drop). */
type Reorder = ((fields: Record<string, string>, focusPhotoId?: string) => void) | null

function useReorder(action: string): Reorder {
  const hydrated = useHydrated()
  const submit = useSubmit()
  const focusAfterMove = useFocusAfterMove()
  if (!hydrated) return null
  return (fields, focusPhotoId) => {
    if (focusPhotoId) focusAfterMove(photoHandleId(focusPhotoId))
    void submit(fields, { method: 'post', action, preventScrollReset: true })
  }
}

/**
 * One photo of the list. Once the app runs, its picture drags onto another photo's place, and its
 * grip moves it up or down with the arrow keys; without JavaScript the Move buttons do it.
 */
function PhotoRow({ photo, index, count, reorder, children }: { photo: PhotoForImage; index: number; count: number; reorder: Reorder; children: ReactNode }) {
  const drop = useDropTarget(PHOTO_DRAG_TYPE, (photoId) => {
    if (photoId !== photo.id) reorder?.({ intent: 'move-to', photoId, position: String(index + 1) })
  })
  const step = (intent: 'move-up' | 'move-down') => () => {
    if ((intent === 'move-up' && index === 0) || (intent === 'move-down' && index === count - 1)) return
    reorder?.({ intent, photoId: photo.id }, photo.id)
  }
  return (
    <li
      data-photo-id={photo.id}
      {...(reorder ? drop.props : {})}
      className={`flex flex-col gap-3 border-t pt-4 sm:flex-row ${drop.over ? 'border-brand ring-2 ring-brand' : 'border-line'}`}
    >
      <div className="relative w-40 shrink-0" {...(reorder ? dragSourceProps(PHOTO_DRAG_TYPE, photo.id) : {})}>
        <PhotoImage photo={photo} sizes="160px" className="w-40 rounded-md" alt={photoAlt(photo, index)} />
        {index === 0 ? (
          <span className="absolute left-1 top-1 rounded bg-brand px-2 py-0.5 text-xs font-medium text-brand-ink">Cover</span>
        ) : null}
        {reorder ? (
          <span className="absolute right-1 top-1">
            <DragHandle
              id={photoHandleId(photo.id)}
              label={`Drag photo ${index + 1}`}
              hintId={ORDER_HINT_ID}
              keys={{ ArrowUp: step('move-up'), ArrowDown: step('move-down') }}
            />
          </span>
        ) : null}
      </div>
      {children}
    </li>
  )
}

export function PhotosCard({ photos, limits, values, errorsFor, action }: FormEcho & { photos: PhotoForImage[]; action: string }) {
  const reorder = useReorder(action)
  return (
    <Card title={`Photos (${photos.length} / ${MAX_PHOTOS_PER_PROPERTY})`}>
      <Form method="post" action="?upload=photos" encType="multipart/form-data" className="space-y-3">
        <Field
          label="Add photos"
          hint={`JPEG, PNG, WebP, AVIF or GIF, up to ${megabytes(MAX_PHOTO_BYTES)} each, ${limits.photosPerUpload} at a time. The first photo is the cover.`}
          errors={errorsFor('photos')}
          inputProps={{ name: 'photos', type: 'file', multiple: true, accept: 'image/*', required: true }}
        />
        <SubmitButton name="intent" value="upload-photos" pendingText="Uploading...">
          Upload photos
        </SubmitButton>
      </Form>
      {photos.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No photos yet.</p>
      ) : (
        <>
        {reorder ? (
          <p id={ORDER_HINT_ID} className="mt-4 text-sm text-muted">
            Drag a photo onto another one's place, or focus its grip and press the up or down arrow key.
          </p>
        ) : null}
        <ol className="mt-4 space-y-4">
          {photos.map((photo, index) => (
            <PhotoRow key={photo.id} photo={photo} index={index} count={photos.length} reorder={reorder}>
              <Form method="post" className="min-w-0 flex-1 space-y-2">
                <input type="hidden" name="photoId" value={photo.id} />
                <Field
                  label="Caption"
                  errors={values.photoId === photo.id ? errorsFor('caption') : undefined}
                  inputProps={{
                    id: `caption-${photo.id}`,
                    name: 'caption',
                    type: 'text',
                    maxLength: limits.captionLength,
                    defaultValue: values.photoId === photo.id ? values.caption : photo.caption,
                  }}
                />
                {/* "Save caption" first: Enter in the caption field presses it. */}
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" name="intent" value="caption" variant="secondary">Save caption</Button>
                  <Button type="submit" name="intent" value="move-up" variant="secondary" disabled={index === 0}>Move up</Button>
                  <Button type="submit" name="intent" value="move-down" variant="secondary" disabled={index === photos.length - 1}>
                    Move down
                  </Button>
                  {index === 0 ? null : (
                    <Button type="submit" name="intent" value="cover" variant="secondary">Set as cover</Button>
                  )}
                  <DeleteLink id={`delete-photo-${photo.id}`} to={`?delete-photo=${photo.id}`} label={`Delete photo ${index + 1}`} />
                </div>
              </Form>
            </PhotoRow>
          ))}
        </ol>
        </>
      )}
    </Card>
  )
}

export function DocumentsCard({ documents, limits, values, errorsFor }: FormEcho & { documents: MediaDocument[] }) {
  return (
    <Card title={`Documents (${documents.length} / ${MAX_DOCUMENTS_PER_PROPERTY})`}>
      <Form method="post" action="?upload=document" encType="multipart/form-data" className="space-y-3">
        <Field
          label="Title"
          hint="Optional: the file name is used when left empty."
          errors={errorsFor('title')}
          inputProps={{ name: 'title', type: 'text', maxLength: limits.titleLength, defaultValue: values.title }}
        />
        <Field
          label="File"
          hint={`PDF, Word, Excel, PowerPoint or an image, up to ${megabytes(MAX_DOCUMENT_BYTES)}. Private unless shared with clients.`}
          errors={errorsFor('document')}
          inputProps={{ name: 'document', type: 'file', required: true }}
        />
        <SubmitButton name="intent" value="upload-document" pendingText="Uploading...">
          Upload document
        </SubmitButton>
      </Form>
      {documents.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No documents yet.</p>
      ) : (
        <ul className="mt-4">
          {documents.map((document) => (
            <li key={document.id} className="border-t border-line py-3">
              {/* A plain link: the download is a file response, not a page. */}
              <a href={`/documents/${document.id}`} className="font-medium">
                {document.title}
              </a>
              <p className="text-sm text-muted">
                {document.fileName} · {fileSize(document.bytes)}
              </p>
              <Form method="post" className="mt-2 flex flex-wrap gap-2">
                <input type="hidden" name="documentId" value={document.id} />
                <input type="hidden" name="shared" value={String(!document.sharedWithClients)} />
                <Button type="submit" name="intent" value="share-document" variant="secondary" aria-pressed={document.sharedWithClients}>
                  <span aria-hidden="true">{document.sharedWithClients ? '☑' : '☐'}</span>
                  <span className="ml-1">Shared with clients</span>
                </Button>
                <DeleteLink id={`delete-document-${document.id}`} to={`?delete-document=${document.id}`} label={`Delete ${document.title}`} />
              </Form>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

/**
 * Looks like the other buttons, but is a link: the confirmation is a page of its own without
 * JavaScript, and a dialog with it (ConfirmDelete).
 */
function DeleteLink({ id, to, label }: { id: string; to: string; label: string }) {
  return (
    <Link
      id={id}
      to={to}
      preventScrollReset
      aria-label={label}
      className="inline-flex items-center justify-center rounded-md border border-danger bg-surface px-4 py-2 text-sm font-medium text-danger no-underline hover:bg-danger-soft"
    >
      Delete
    </Link>
  )
}

export function ConfirmPhotoDelete({ photo, index, cancelHref }: { photo: PhotoForImage; index: number; cancelHref: string }) {
  return (
    <ConfirmDelete
      title="Delete this photo?"
      hiddenFields={{ intent: 'delete-photo', photoId: photo.id }}
      confirmLabel="Delete photo"
      cancelHref={cancelHref}
      returnFocusTo={`delete-photo-${photo.id}`}
    >
      <PhotoImage photo={photo} sizes="160px" className="w-40 rounded-md" alt={photoAlt(photo, index)} />
      <p>It leaves the listing, its gallery and its share pages. You can restore it from the Trash for 30 days.</p>
    </ConfirmDelete>
  )
}

export function ConfirmDocumentDelete({ document, cancelHref }: { document: MediaDocument; cancelHref: string }) {
  return (
    <ConfirmDelete
      title={`Delete “${document.title}”?`}
      hiddenFields={{ intent: 'delete-document', documentId: document.id }}
      confirmLabel="Delete document"
      cancelHref={cancelHref}
      returnFocusTo={`delete-document-${document.id}`}
    >
      <p>
        {document.fileName} · {fileSize(document.bytes)}
      </p>
      <p>Clients with a share link can no longer download it. You can restore it from the Trash for 30 days.</p>
    </ConfirmDelete>
  )
}

const MEGABYTE = 1024 * 1024
const megabytes = (bytes: number) => `${Math.round(bytes / MEGABYTE)} MB`
const fileSize = (bytes: number) =>
  bytes < MEGABYTE ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / MEGABYTE).toFixed(1)} MB`
