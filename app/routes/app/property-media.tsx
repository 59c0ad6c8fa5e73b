import { data, Form, Link, redirect } from 'react-router'
import { z } from 'zod'
import { parseIntentForm } from '#app/http/intent.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { TEXT_FORM_LIMITS } from '#app/http/form-body.server.ts'
import { isFieldRejection, readUploadForm, type UploadForm } from '#app/http/upload-form.server.ts'
import { setFlash, type Toast } from '#app/lib/flash.server.ts'
import { badRequest, orNotFound } from '#app/lib/http.ts'
import {
  addDocument,
  deleteDocument,
  DOCUMENT_TITLE_MAX_LENGTH,
  DOCUMENT_UPLOAD_LIMITS,
  setDocumentShared,
} from '#app/modules/media/documents.server.ts'
import {
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_PROPERTY,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS_PER_PROPERTY,
  type UploadLimits,
} from '#app/modules/media/limits.ts'
import {
  addPhotos,
  CAPTION_MAX_LENGTH,
  deletePhoto,
  movePhoto,
  PHOTO_UPLOAD_LIMITS,
  setCoverPhoto,
  updatePhotoCaption,
} from '#app/modules/media/photos.server.ts'
import { listDocuments, listPhotos } from '#app/modules/media/queries.server.ts'
import type { MediaResult, PropertyRef } from '#app/modules/media/results.ts'
import { findOwnedProperty } from '#app/modules/properties/access.server.ts'
import { Button, ErrorList, Field, SubmitButton } from '#app/ui/form.tsx'
import { Card, PageHeader } from '#app/ui/page.tsx'
import { PhotoImage } from '#app/ui/photo.tsx'
import type { Route } from './+types/property-media'

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Photos and documents · ${data?.property.title ?? 'Property'} · BrokerVault` },
]

export async function loader({ params, context }: Route.LoaderArgs) {
  const { user } = requireAuth(context)
  const property = orNotFound(await findOwnedProperty(user.id, params.id))
  const [photos, documents] = await Promise.all([listPhotos(user.id, property.id), listDocuments(user.id, property.id)])
  return {
    property,
    photos,
    documents,
    limits: {
      photosPerUpload: PHOTO_UPLOAD_LIMITS.maxFiles,
      captionLength: CAPTION_MAX_LENGTH,
      titleLength: DOCUMENT_TITLE_MAX_LENGTH,
    },
  }
}

// Upload forms name their upload in the URL: the parser's limits must be known before the
// body is read. What to do is still the intent button, as on every other form.
const UPLOAD_LIMITS = new Map<string, UploadLimits>([
  ['photos', PHOTO_UPLOAD_LIMITS],
  ['document', DOCUMENT_UPLOAD_LIMITS],
])

// Ids and texts stay raw strings here: media answers "not found" for a bad id and checks the
// caption and title itself, so its messages go next to their fields.
const photoId = z.string()
const MediaActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('upload-photos') }),
  z.object({ intent: z.literal('caption'), photoId, caption: z.string().default('') }),
  z.object({ intent: z.enum(['move-up', 'move-down']), photoId }),
  z.object({ intent: z.literal('cover'), photoId }),
  z.object({ intent: z.literal('delete-photo'), photoId }),
  z.object({ intent: z.literal('upload-document'), title: z.string().default('') }),
  z.object({ intent: z.literal('share-document'), documentId: z.string(), shared: z.enum(['true', 'false']) }),
  z.object({ intent: z.literal('delete-document'), documentId: z.string() }),
])
type MediaAction = z.infer<typeof MediaActionSchema>

export async function action({ request, params, context }: Route.ActionArgs) {
  const brokerId = requireAuth(context).user.id
  const property = orNotFound(await findOwnedProperty(brokerId, params.id))
  const upload = new URL(request.url).searchParams.get('upload')
  const limits = upload === null ? TEXT_FORM_LIMITS : UPLOAD_LIMITS.get(upload)
  if (!limits) badRequest('Unknown upload.')
  let form: UploadForm | undefined
  try {
    form = await readUploadForm(request, limits)
    const parsed = parseIntentForm(form.fields, MediaActionSchema)
    if (!parsed.success) badRequest('Unknown action.')
    const outcome = await runIntent(brokerId, property, parsed.data, form)
    if (outcome === null) throw data('Not found', { status: 404 })
    if ('problem' in outcome) {
      // Bad files, limits, captions: the message goes next to its field, the typed text stays.
      const { field, message, tooLarge } = outcome.problem
      return data({ field, message, values: textValues(form.fields) }, { status: tooLarge ? 413 : 400 })
    }
    setFlash(context, outcome.toast)
  } catch (error) {
    // The form reader's own refusals (too large, malformed) carry their field and status.
    if (!isFieldRejection(error)) throw error
    return data({ ...error.data, values: textValues(form?.fields) }, { status: error.init?.status })
  } finally {
    await form?.dispose()
  }
  throw redirect(`/property/${property.id}/media`)
}

type Outcome = { toast: Toast } | { problem: NonNullable<Extract<MediaResult<unknown>, { ok: false }>>['problem'] } | null

/** Runs one media change and words its result as a toast (or passes its problem on). */
async function runIntent(brokerId: string, property: PropertyRef, input: MediaAction, { files }: UploadForm): Promise<Outcome> {
  const toast = <T,>(result: MediaResult<T>, message: (value: T) => Toast | string): Outcome => {
    if (result === null) return null
    if (!result.ok) return { problem: result.problem }
    const said = message(result.value)
    return { toast: typeof said === 'string' ? { kind: 'success', message: said } : said }
  }
  switch (input.intent) {
    case 'upload-photos':
      return toast(await addPhotos(brokerId, property, files), (count) => `Added ${count} ${count === 1 ? 'photo' : 'photos'}.`)
    case 'caption':
      return toast(await updatePhotoCaption(brokerId, property, input.photoId, input.caption), () => 'Caption saved.')
    case 'move-up':
    case 'move-down': {
      const direction = input.intent === 'move-up' ? 'up' : 'down'
      return toast(await movePhoto(brokerId, property, input.photoId, direction), (moved) =>
        moved
          ? `Photo moved ${direction}.`
          : { kind: 'info', message: `That photo is already ${direction === 'up' ? 'first' : 'last'}.` },
      )
    }
    case 'cover':
      return toast(await setCoverPhoto(brokerId, property, input.photoId), () => 'Cover photo set.')
    case 'delete-photo':
      return toast(await deletePhoto(brokerId, property, input.photoId), () => 'Photo deleted.')
    case 'upload-document':
      return toast(await addDocument(brokerId, property, files[0], input.title), ({ title }) => `Added “${title}”.`)
    case 'share-document': {
      const shared = input.shared === 'true'
      return toast(await setDocumentShared(brokerId, property, input.documentId, shared), ({ title }) =>
        shared ? `“${title}” is shared with clients.` : `“${title}” is private again.`,
      )
    }
    case 'delete-document':
      return toast(await deleteDocument(brokerId, property, input.documentId), ({ title }) => `Deleted “${title}”.`)
  }
}

function textValues(fields: FormData | undefined): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [name, value] of fields ?? []) if (typeof value === 'string') values[name] = value
  return values
}

export default function PropertyMediaPage({ loaderData, actionData }: Route.ComponentProps) {
  const { property, photos, documents, limits } = loaderData
  const errorsFor = (field: string) => (actionData?.field === field ? [actionData.message] : undefined)
  const values = actionData?.values ?? {}
  return (
    <>
      <PageHeader title="Photos and documents">
        <Link to={`/property/${property.id}`}>Back to {property.title}</Link>
      </PageHeader>
      <ErrorList id="form-error" errors={errorsFor('form')} />
      <div className="grid gap-4 lg:grid-cols-2">
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
            <ol className="mt-4 space-y-4">
              {photos.map((photo, index) => (
                <li key={photo.id} className="flex flex-col gap-3 border-t border-line pt-4 sm:flex-row">
                  <div className="relative w-40 shrink-0">
                    <PhotoImage photo={photo} sizes="160px" className="w-40 rounded-md" alt={photo.caption || `Photo ${index + 1}`} />
                    {index === 0 ? (
                      <span className="absolute left-1 top-1 rounded bg-brand px-2 py-0.5 text-xs font-medium text-brand-ink">Cover</span>
                    ) : null}
                  </div>
                  <Form method="post" className="flex-1 space-y-2">
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
                      <Button type="submit" name="intent" value="delete-photo" variant="danger">Delete</Button>
                    </div>
                  </Form>
                </li>
              ))}
            </ol>
          )}
        </Card>
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
                    <Button type="submit" name="intent" value="delete-document" variant="danger">Delete</Button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  )
}

const MEGABYTE = 1024 * 1024
const megabytes = (bytes: number) => `${Math.round(bytes / MEGABYTE)} MB`
const fileSize = (bytes: number) =>
  bytes < MEGABYTE ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / MEGABYTE).toFixed(1)} MB`
