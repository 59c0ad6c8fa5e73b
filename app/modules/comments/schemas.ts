import { z } from 'zod'
import { COMMENT_SUBJECTS, type CommentSubject } from '#db/reference.ts'

export const MAX_COMMENT_CHARS = 4000

export const CommentSubjectSchema = z.enum(COMMENT_SUBJECTS)

/**
 * A note's text. Browsers send line breaks as CRLF but count them as one character for
 * `maxLength`, so they are normalised before the length check.
 */
export const CommentBodySchema = z
  .string({ error: 'Write a note first' })
  .transform((text) => text.replace(/\r\n?/g, '\n'))
  .pipe(
    z
      .string()
      .trim()
      .min(1, 'Write a note first')
      .max(MAX_COMMENT_CHARS, `A note can be at most ${MAX_COMMENT_CHARS} characters`),
  )

/** The page a note belongs to: where the thread is shown and where posting returns by default. */
export function commentSubjectPath(subject: CommentSubject, id: string) {
  return `/${subject}/${id}`
}
