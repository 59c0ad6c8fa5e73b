/** Limits of the share-page feedback form; the form's maxlength and the server's check agree. */
export const FEEDBACK_COMMENT_MAX_LENGTH = 1000
export const FEEDBACK_NAME_MAX_LENGTH = 80

export type FeedbackErrors = Partial<Record<'reaction' | 'comment' | 'name' | 'form', string>>

/** What the server sends back with a refused feedback post (400 or 429), for one property. */
export type FeedbackFormState = {
  propertyId: string
  errors: FeedbackErrors
  values: { comment: string; name: string }
}
