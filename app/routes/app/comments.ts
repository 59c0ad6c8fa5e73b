import { createElement } from 'react'
import { data, redirect } from 'react-router'
import { z } from 'zod'
import { setFlash } from '#app/lib/flash.server.ts'
import { safeRedirectPath } from '#app/lib/safe-redirect.ts'
import { addComment, findCommentSubject } from '#app/modules/comments/comments.server.ts'
import { CommentBodySchema, commentSubjectPath, CommentSubjectSchema } from '#app/modules/comments/schemas.ts'
import { notFound, orNotFound } from '#app/lib/http.ts'
import { parseIntentForm } from '#app/http/intent.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { CommentRejectedPage, type CommentRejection } from '#app/ui/comment-thread.tsx'
import { NotFoundScreen } from '#app/ui/error-screens.tsx'
import type { Route } from './+types/comments'
import { readForm } from '#app/http/form-body.server.ts'

/*
 * POST /comments: the one form target of every notes thread (property, client and deal pages).
 * Success: flash 'Note added.' and redirect back (same-site `redirectTo`, default the subject's
 * page). An empty or too long note cannot be shown on the page it came from without JS, so this
 * route answers 400 with its own small page: the message next to the field, the text kept, the
 * form again. With JS the thread posts through a fetcher and shows the same message in place.
 */

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data === null ? 'Page not found · BrokerVault' : 'Note not saved · BrokerVault' },
]

// Nothing to see by GET. Returned rather than thrown: after a rejected POST the action's 400
// takes precedence and the page renders the form again.
export function loader() {
  return data(null, { status: 404 })
}

// One intent today; the union makes any other a 400, like the pages with several forms.
const CommentActionSchema = z.discriminatedUnion('intent', [z.object({ intent: z.literal('add') })])

export async function action({ request, context }: Route.ActionArgs) {
  const { scope } = requireAuth(context)
  const form = await readForm(request)
  parseIntentForm(form, CommentActionSchema)
  const subject = CommentSubjectSchema.safeParse(form.get('subject'))
  if (!subject.success) notFound()
  // Ownership before anything else: a foreign, malformed or unknown id is a 404.
  const id = form.get('id')
  const owned = orNotFound(await findCommentSubject(scope, subject.data, id))
  const subjectId = String(id)
  const back = safeRedirectPath(form.get('redirectTo'), commentSubjectPath(subject.data, subjectId))
  const rawBody = form.get('body')
  const body = CommentBodySchema.safeParse(typeof rawBody === 'string' ? rawBody : undefined)
  if (!body.success) {
    const rejection: CommentRejection = {
      error: body.error.issues[0]?.message ?? 'Write a note first',
      body: typeof rawBody === 'string' ? rawBody : '',
      subject: subject.data,
      id: subjectId,
      redirectTo: back,
      subjectTitle: owned.title,
    }
    return data(rejection, { status: 400 })
  }
  orNotFound(await addComment(scope, { subject: subject.data, id: subjectId, body: body.data }))
  setFlash(context, { kind: 'success', message: 'Note added.' })
  throw redirect(back)
}

export default function CommentsPage({ actionData }: Route.ComponentProps) {
  return actionData ? createElement(CommentRejectedPage, { rejection: actionData }) : createElement(NotFoundScreen)
}
