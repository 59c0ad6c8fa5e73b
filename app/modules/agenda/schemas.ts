import { z } from 'zod'
import { TASK_REPEATS, VIEWING_STATUSES, type ClientStage, type TaskRepeat } from '#db/reference.ts'

/** Viewings last 5 minutes to 12 hours (the database checks the same range). */
export const MIN_VIEWING_MINUTES = 5
export const MAX_VIEWING_MINUTES = 720
export const DEFAULT_VIEWING_MINUTES = 30
export const MAX_NOTES_CHARS = 2000
export const MAX_PLACE_CHARS = 300
export const MAX_TASK_TITLE_CHARS = 200
export const MAX_FEEDBACK_CHARS = 2000

const trimmed = (max: number, tooLong: string) => z.string().trim().max(max, tooLong)
const id = (message: string) => z.string({ error: message }).uuid(message)
const date = z.string({ error: 'Enter a date.' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date.')
const time = z.string({ error: 'Enter a time.' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time.')

/** The schedule / edit form of a viewing; date and time are the broker's wall clock. */
export const ViewingFormSchema = z.object({
  propertyId: id('Choose a property.'),
  clientId: id('Choose a client.'),
  date,
  time,
  durationMinutes: z.coerce
    .number({ error: 'Enter the duration in minutes.' })
    .int('Enter whole minutes.')
    .min(MIN_VIEWING_MINUTES, `At least ${MIN_VIEWING_MINUTES} minutes.`)
    .max(MAX_VIEWING_MINUTES, `At most ${MAX_VIEWING_MINUTES} minutes.`),
  place: trimmed(MAX_PLACE_CHARS, `At most ${MAX_PLACE_CHARS} characters.`).optional(),
  notes: trimmed(MAX_NOTES_CHARS, `At most ${MAX_NOTES_CHARS} characters.`).optional(),
})
export type ViewingForm = z.infer<typeof ViewingFormSchema>

export const ViewingStatusSchema = z.object({
  status: z.enum(VIEWING_STATUSES, { error: 'Choose one of the statuses listed.' }),
})

export const TASK_SUBJECTS = ['property', 'client', 'deal'] as const
export type TaskSubject = (typeof TASK_SUBJECTS)[number]

/**
 * A task about one property, client or deal, or about nothing (a task of the broker's own: no
 * subject and no id), once or repeating.
 */
export const TaskFormSchema = z
  .object({
    subject: z.enum(TASK_SUBJECTS, { error: 'Choose what the task is about.' }).optional(),
    subjectId: id('Choose what the task is about.').optional(),
    title: z
      .string({ error: 'Enter a title.' })
      .trim()
      .min(1, 'Enter a title.')
      .max(MAX_TASK_TITLE_CHARS, `At most ${MAX_TASK_TITLE_CHARS} characters.`),
    dueDate: date,
    dueTime: time,
    repeat: z.enum(TASK_REPEATS, { error: 'Choose how often it repeats.' }).optional(),
  })
  .refine((task) => (task.subject === undefined) === (task.subjectId === undefined), {
    message: 'Choose what the task is about.',
    path: ['subject'],
  })
export type TaskForm = z.infer<typeof TaskFormSchema>

/** The client's feedback after a viewing: a rating and an optional comment. */
export const ViewingFeedbackSchema = z.object({
  rating: z.coerce.number({ error: 'Choose a rating from 1 to 5.' }).int('Choose a rating from 1 to 5.').min(1, 'Choose a rating from 1 to 5.').max(5, 'Choose a rating from 1 to 5.'),
  comment: trimmed(MAX_FEEDBACK_CHARS, `At most ${MAX_FEEDBACK_CHARS} characters.`).optional(),
})

/** The repeat select: "Does not repeat" is the empty value. */
export const TASK_REPEAT_LABELS: Record<TaskRepeat, string> = { daily: 'Every day', weekly: 'Every week', monthly: 'Every month' }

export const VIEWING_STATUS_LABELS: Record<(typeof VIEWING_STATUSES)[number], string> = {
  scheduled: 'Scheduled',
  done: 'Done',
  canceled: 'Canceled',
  no_show: 'No-show',
}

/** A viewing done moves a client still at one of these stages to Viewing (offered, never silently). */
export const STAGES_BEFORE_VIEWING: readonly ClientStage[] = ['new', 'contacted']
/** The viewing page's checkbox for it. */
export const CLIENT_TO_VIEWING_FIELD = 'clientToViewing'
