import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { badRequest } from '#app/lib/http.ts'

export const UNKNOWN_INTENT_MESSAGE = 'Unknown action.'

// A discriminated union reports an intent none of its branches knows (or a missing one) as an
// issue at the path ['intent']; a known intent never fails there, its own branch's fields do.
const isIntentIssue = (path: readonly PropertyKey[]) => path.length === 1 && path[0] === 'intent'

/**
 * A multi-intent form parsed once with the route's `z.discriminatedUnion('intent', …)`, for forms
 * posted as they are (no Conform): the fields keep their raw strings. An unknown intent is a 400.
 */
export function parseIntentForm<Schema extends z.ZodType>(form: FormData, schema: Schema) {
  const result = schema.safeParse(Object.fromEntries(form))
  if (!result.success && result.error.issues.some((issue) => isIntentIssue(issue.path))) {
    badRequest(UNKNOWN_INTENT_MESSAGE)
  }
  return result
}

/**
 * The same for forms that use Conform: Conform's parseWithZod with the route's discriminated
 * union, so a failed branch replies with its field errors. An unknown intent is a 400.
 */
export function parseIntentSubmission<Schema extends z.ZodType>(form: FormData, schema: Schema) {
  const submission = parseWithZod(form, { schema })
  if (submission.status === 'error' && submission.error?.intent) badRequest(UNKNOWN_INTENT_MESSAGE)
  return submission
}
