import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { notFound, orNotFound } from '#app/lib/http.ts'
import { readForm } from '#app/http/form-body.server.ts'
import { ViewingFeedbackSchema } from '#app/modules/agenda/schemas.ts'
import { getFeedbackPage, saveViewingFeedback } from '#app/modules/agenda/viewing-feedback.server.ts'
import type { RouteHandle } from '#app/root.tsx'
import { brokerSignOff, ClientFrame } from '#app/ui/share-page.tsx'
import { FeedbackForm } from '#app/ui/viewing-panel.tsx'
import type { Route } from './+types/viewing-feedback'

// The client's page ships no JavaScript at all, like share pages, and speaks for the broker.
export const handle: RouteHandle = { hydrate: false }

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Your viewing feedback · ${brokerSignOff(loaderData.broker)}` : 'Page not found' },
  { name: 'robots', content: 'noindex' },
]

/** Its address is the only key: never cached by others, never sent on as a referrer. */
const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' }

export function headers() {
  return PRIVATE_HEADERS
}

/** GET /viewing-feedback/{token}: the rating form (with the earlier answer, if any). Unknown token: 404. */
export async function loader({ params }: Route.LoaderArgs) {
  return orNotFound(await getFeedbackPage(params.token))
}

/** A second answer replaces the first (docs/decisions/021-viewings-and-tasks.md). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const page = orNotFound(await getFeedbackPage(params.token))
  const submission = parseWithZod(await readForm(request), { schema: ViewingFeedbackSchema })
  if (submission.status !== 'success') {
    const errors = Object.fromEntries(Object.entries(submission.error ?? {}).filter((e): e is [string, string[]] => Array.isArray(e[1])))
    return data({ errors, page }, { status: 400 })
  }
  if (!(await saveViewingFeedback(params.token, submission.value))) notFound()
  setFlash(context, { kind: 'success', message: 'Thank you: your feedback has been sent.' })
  throw redirect(`/viewing-feedback/${params.token}`)
}

export default function ViewingFeedbackPage({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData
  return (
    <ClientFrame broker={page.broker}>
      <div className="max-w-xl">
        <h1 className="mb-2 text-2xl font-bold">{`Your viewing of ${page.propertyTitle}`}</h1>
        <p className="mb-6 text-muted">{`${page.when} with ${page.brokerName}.`}</p>
        {page.rating !== null ? (
          <p role="status" className="mb-4 rounded-md border border-line bg-surface p-3 text-sm">
            {`You rated it ${page.rating}/5. You can change your answer below.`}
          </p>
        ) : null}
        <FeedbackForm rating={page.rating} comment={page.comment} errors={actionData?.errors ?? null} />
      </div>
    </ClientFrame>
  )
}
