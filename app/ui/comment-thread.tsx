import { Form, Link, useFetcher } from 'react-router'
import { MAX_COMMENT_CHARS } from '#app/modules/comments/schemas.ts'
import { When } from './broker-formats.tsx'
import { Button, TextareaField } from './form.tsx'
import type { CommentSubject } from '#db/reference.ts'

/** `author`: who wrote it, in an agency of several ("You", "Ana Silva"); null alone. */
export type CommentThreadItem = { id: string; body: string; createdAt: Date | string; author?: string | null }

/** What POST /comments answers (status 400) when the note cannot be saved. */
export type CommentErrorData = { error: string; body: string }

type CommentFormProps = {
  subject: CommentSubject
  id: string
  redirectTo: string
  error?: string | null
  defaultBody?: string
  /** With JS, a fetcher keeps the page and shows the error in place; without, a plain POST. */
  fetcher?: ReturnType<typeof useFetcher<CommentErrorData>>
  /** In an agency of several, colleagues who see the record read its notes too. */
  seenByColleagues?: boolean
}

/** The "add a note" form; it always posts to /comments, which redirects back to `redirectTo`. */
export function CommentForm({ subject, id, redirectTo, error, defaultBody, fetcher, seenByColleagues = false }: CommentFormProps) {
  const FormElement = fetcher ? fetcher.Form : Form
  const busy = fetcher ? fetcher.state !== 'idle' : false
  const fieldId = `comment-body-${subject}-${id}`
  return (
    <FormElement method="post" action="/comments" className="space-y-2">
      {/* A hidden field rather than the button's name: a scripted submit carries it too. */}
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="subject" value={subject} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <TextareaField
        label="Add a note"
        errors={error ? [error] : null}
        hint={`${seenByColleagues ? 'Seen by the colleagues who see this record.' : 'Private to you.'} Up to ${MAX_COMMENT_CHARS} characters.`}
        textareaProps={{
          id: fieldId,
          name: 'body',
          rows: 3,
          required: true,
          maxLength: MAX_COMMENT_CHARS,
          defaultValue: defaultBody,
          autoFocus: error ? true : undefined,
        }}
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? 'Saving...' : 'Add note'}
      </Button>
    </FormElement>
  )
}

/**
 * The notes on a property, client or deal (oldest first, newest last) and the form to add one.
 * Loader: `comments: await listComments(user.id, subject, id)`; `redirectTo` is the page itself.
 */
export function CommentThread({
  subject,
  id,
  comments,
  redirectTo,
  seenByColleagues = false,
}: {
  subject: CommentSubject
  id: string
  comments: readonly CommentThreadItem[]
  redirectTo: string
  seenByColleagues?: boolean
}) {
  // A fresh fetcher (and form) once a note is saved: the last rejection must not linger.
  const latestId = comments.at(-1)?.id ?? 'none'
  const fetcher = useFetcher<CommentErrorData>({ key: `comment-${subject}-${id}-${latestId}` })
  const failed = fetcher.state === 'idle' ? fetcher.data : undefined
  return (
    <section aria-labelledby={`notes-${id}`} className="rounded-xl border border-line bg-surface p-4">
      <h2 id={`notes-${id}`} className="mb-2 font-semibold">
        Notes
      </h2>
      {comments.length === 0 ? (
        <p className="mb-3 text-sm text-muted">No notes yet.</p>
      ) : (
        <ol className="mb-4 space-y-3">
          {comments.map((comment) => (
            <li key={comment.id} className="border-b border-line pb-2 last:border-0">
              {/* React escapes the text; pre-line keeps the note's own line breaks. */}
              <p className="whitespace-pre-line">{comment.body}</p>
              <p className="text-xs">
                {comment.author ? <span>{`${comment.author} · `}</span> : null}
                <When value={comment.createdAt} />
              </p>
            </li>
          ))}
        </ol>
      )}
      {/* A new key after each saved note empties the textarea. */}
      <CommentForm
        key={latestId}
        subject={subject}
        id={id}
        redirectTo={redirectTo}
        error={failed?.error}
        defaultBody={failed?.body}
        fetcher={fetcher}
        seenByColleagues={seenByColleagues}
      />
    </section>
  )
}

/** What POST /comments renders (status 400) when a note is empty or too long, JS off. */
export type CommentRejection = CommentErrorData & { subject: CommentSubject; id: string; redirectTo: string; subjectTitle: string }

/**
 * The small page a rejected note lands on without JavaScript: the reason next to the field,
 * the typed text kept, and the same form to try again (it still returns to `redirectTo`).
 */
export function CommentRejectedPage({ rejection }: { rejection: CommentRejection }) {
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold">Your note was not saved</h1>
      <p className="text-muted">
        {`Note on ${rejection.subjectTitle}. `}
        <Link to={rejection.redirectTo}>Go back without saving</Link>
      </p>
      <CommentForm
        subject={rejection.subject}
        id={rejection.id}
        redirectTo={rejection.redirectTo}
        error={rejection.error}
        defaultBody={rejection.body}
      />
    </div>
  )
}
