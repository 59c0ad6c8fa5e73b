import { data, Link, redirect } from 'react-router'
import { z } from 'zod'
import { parseIntentForm } from '#app/http/intent.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { requireChangeableProperty } from '#app/http/owned-ids.server.ts'
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
import type { UploadLimits } from '#app/modules/media/limits.ts'
import {
  addPhotos,
  CAPTION_MAX_LENGTH,
  deletePhoto,
  movePhoto,
  movePhotoTo,
  PHOTO_UPLOAD_LIMITS,
  setCoverPhoto,
  updatePhotoCaption,
} from '#app/modules/media/photos.server.ts'
import { listDocuments, listPhotos } from '#app/modules/media/queries.server.ts'
import type { MediaResult, PropertyRef } from '#app/modules/media/results.ts'
import { findOwnedProperty } from '#app/modules/properties/access.server.ts'
import { ErrorList } from '#app/ui/form.tsx'
import { ConfirmDocumentDelete, ConfirmPhotoDelete, DocumentsCard, PhotosCard } from '#app/ui/media-cards.tsx'
import { PageHeader } from '#app/ui/page.tsx'
import type { Route } from './+types/property-media'
import type { Scope } from '#db/tenancy.server.ts'

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Photos and documents · ${data?.property.title ?? 'Property'} · BrokerVault` },
]

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { scope } = requireAuth(context)
  const property = orNotFound(await findOwnedProperty(scope, params.id))
  // Managing the photos and documents is changing the listing: its agent's and the admins'.
  await requireChangeableProperty(scope, property.id)
  const [photos, documents] = await Promise.all([listPhotos(scope, property.id), listDocuments(scope, property.id)])
  return {
    property,
    photos,
    documents,
    confirm: deleteToConfirm(new URL(request.url).searchParams, photos, documents),
    limits: {
      photosPerUpload: PHOTO_UPLOAD_LIMITS.maxFiles,
      captionLength: CAPTION_MAX_LENGTH,
      titleLength: DOCUMENT_TITLE_MAX_LENGTH,
    },
  }
}

/**
 * A delete asks first: the Delete control links to ?delete-photo=<id> (or ?delete-document=),
 * and the page shows the confirmation with the real POST form. An id that is not one of this
 * property's is a 404, like any foreign id.
 */
function deleteToConfirm(query: URLSearchParams, photos: { id: string }[], documents: { id: string }[]) {
  const photoId = query.get('delete-photo')
  if (photoId !== null) {
    const index = photos.findIndex((p) => p.id === photoId)
    if (index === -1) throw data('Not found', { status: 404 })
    return { kind: 'photo' as const, id: photoId, index }
  }
  const documentId = query.get('delete-document')
  if (documentId !== null) {
    if (!documents.some((d) => d.id === documentId)) throw data('Not found', { status: 404 })
    return { kind: 'document' as const, id: documentId }
  }
  return null
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
  // Where a dragged photo was dropped (1 is the cover): the page's drag and drop posts it.
  z.object({ intent: z.literal('move-to'), photoId, position: z.coerce.number().int().min(1).max(1000) }),
  z.object({ intent: z.literal('cover'), photoId }),
  z.object({ intent: z.literal('delete-photo'), photoId }),
  z.object({ intent: z.literal('upload-document'), title: z.string().default('') }),
  z.object({ intent: z.literal('share-document'), documentId: z.string(), shared: z.enum(['true', 'false']) }),
  z.object({ intent: z.literal('delete-document'), documentId: z.string() }),
])
type MediaAction = z.infer<typeof MediaActionSchema>

export async function action({ request, params, context }: Route.ActionArgs) {
  const { scope } = requireAuth(context)
  const property = orNotFound(await findOwnedProperty(scope, params.id))
  await requireChangeableProperty(scope, property.id)
  const upload = new URL(request.url).searchParams.get('upload')
  const limits = upload === null ? TEXT_FORM_LIMITS : UPLOAD_LIMITS.get(upload)
  if (!limits) badRequest('Unknown upload.')
  let form: UploadForm | undefined
  try {
    form = await readUploadForm(request, limits)
    const parsed = parseIntentForm(form.fields, MediaActionSchema)
    if (!parsed.success) badRequest('Unknown action.')
    const outcome = await runIntent(scope, property, parsed.data, form)
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
async function runIntent(scope: Scope, property: PropertyRef, input: MediaAction, { files }: UploadForm): Promise<Outcome> {
  const toast = <T,>(result: MediaResult<T>, message: (value: T) => Toast | string): Outcome => {
    if (result === null) return null
    if (!result.ok) return { problem: result.problem }
    const said = message(result.value)
    return { toast: typeof said === 'string' ? { kind: 'success', message: said } : said }
  }
  switch (input.intent) {
    case 'upload-photos':
      return toast(await addPhotos(scope, property, files), (count) => `Added ${count} ${count === 1 ? 'photo' : 'photos'}.`)
    case 'caption':
      return toast(await updatePhotoCaption(scope, property, input.photoId, input.caption), () => 'Caption saved.')
    case 'move-up':
    case 'move-down': {
      const direction = input.intent === 'move-up' ? 'up' : 'down'
      return toast(await movePhoto(scope, property, input.photoId, direction), (moved) =>
        moved
          ? `Photo moved ${direction}.`
          : { kind: 'info', message: `That photo is already ${direction === 'up' ? 'first' : 'last'}.` },
      )
    }
    case 'move-to':
      return toast(await movePhotoTo(scope, property, input.photoId, input.position), (moved) =>
        moved ? `Photo moved to position ${input.position}.` : { kind: 'info', message: 'That photo is already there.' },
      )
    case 'cover':
      return toast(await setCoverPhoto(scope, property, input.photoId), () => 'Cover photo set.')
    case 'delete-photo':
      return toast(await deletePhoto(scope, property, input.photoId), () => ({
        kind: 'success',
        message: 'Photo moved to the trash.',
        restore: { kind: 'photo', id: input.photoId },
      }))
    case 'upload-document':
      return toast(await addDocument(scope, property, files[0], input.title), ({ title }) => `Added “${title}”.`)
    case 'share-document': {
      const shared = input.shared === 'true'
      return toast(await setDocumentShared(scope, property, input.documentId, shared), ({ title }) =>
        shared ? `“${title}” is shared with clients.` : `“${title}” is private again.`,
      )
    }
    case 'delete-document':
      return toast(await deleteDocument(scope, property, input.documentId), ({ title }) => ({
        kind: 'success',
        message: `Moved “${title}” to the trash.`,
        restore: { kind: 'document', id: input.documentId },
      }))
  }
}

function textValues(fields: FormData | undefined): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [name, value] of fields ?? []) if (typeof value === 'string') values[name] = value
  return values
}

export default function PropertyMediaPage({ loaderData, actionData }: Route.ComponentProps) {
  const { property, photos, documents, limits, confirm } = loaderData
  const here = `/property/${property.id}/media`
  const errorsFor = (field: string) => (actionData?.field === field ? [actionData.message] : undefined)
  const values = actionData?.values ?? {}
  return (
    <>
      <PageHeader title="Photos and documents">
        <Link to={`/property/${property.id}`}>Back to {property.title}</Link>
      </PageHeader>
      <ErrorList id="form-error" errors={errorsFor('form')} />
      {confirm?.kind === 'photo' ? <ConfirmPhotoDelete photo={photos[confirm.index]!} index={confirm.index} cancelHref={here} /> : null}
      {confirm?.kind === 'document' ? (
        <ConfirmDocumentDelete document={documents.find((d) => d.id === confirm.id)!} cancelHref={here} />
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <PhotosCard photos={photos} limits={limits} values={values} errorsFor={errorsFor} action={here} />
        <DocumentsCard documents={documents} limits={limits} values={values} errorsFor={errorsFor} />
      </div>
    </>
  )
}
