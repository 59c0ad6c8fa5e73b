import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { orNotFound } from '#app/lib/http.ts'
import { requireOwnedFormIds } from '#app/http/owned-ids.server.ts'
import { describeLocal } from '#app/modules/agenda/format.ts'
import { TaskFormSchema, ViewingFormSchema } from '#app/modules/agenda/schemas.ts'
import { createTask, deleteTask, setTaskDone } from '#app/modules/agenda/tasks.server.ts'
import { createViewing } from '#app/modules/agenda/viewings.server.ts'
import { requireAuth } from '#app/http/session.server.ts'

/** The agenda forms any property, client, deal or /agenda page carries, by intent. */
export const AGENDA_INTENTS = ['schedule-viewing', 'add-task', 'complete-task', 'reopen-task', 'delete-task'] as const
type AgendaIntent = (typeof AGENDA_INTENTS)[number]

export const isAgendaIntent = (value: unknown): value is AgendaIntent => AGENDA_INTENTS.includes(value as AgendaIntent)

/** What a refused agenda form returns (400): the field messages and the values to show again. */
export type AgendaFormError = { agendaIntent: 'schedule-viewing' | 'add-task'; fieldErrors: Record<string, string[]>; values: Record<string, string> }

type Broker = { id: string; timeZone: string }
/** The page's own subject: its id wins over any in the form. */
type Fixed = { propertyId?: string; clientId?: string; dealId?: string }

function valuesOf(form: FormData) {
  return Object.fromEntries([...form].filter(([, v]) => typeof v === 'string')) as Record<string, string>
}

function refused(agendaIntent: AgendaFormError['agendaIntent'], fieldErrors: Record<string, string[] | null | undefined>, form: FormData) {
  const clean = Object.fromEntries(Object.entries(fieldErrors).filter((e): e is [string, string[]] => Array.isArray(e[1]) && e[1].length > 0))
  return data({ agendaIntent, fieldErrors: clean, values: valuesOf(form) } satisfies AgendaFormError, { status: 400 })
}

/**
 * Handles a viewing or task form posted to a page (post/redirect/get back to `here`); a 404 for
 * a property, client, deal or task that is not the broker's, whatever else the form holds; else
 * a 400 with field messages for bad input. Null when the intent is not an agenda one.
 */
export async function handleAgendaIntent(context: Readonly<RouterContextProvider>, broker: Broker, form: FormData, here: string, fixed: Fixed = {}) {
  const { scope } = requireAuth(context)
  const intent = form.get('intent')
  if (!isAgendaIntent(intent)) return null
  switch (intent) {
    case 'schedule-viewing': {
      for (const [key, value] of Object.entries(fixed)) if (value && key !== 'dealId') form.set(key, value)
      // Ownership first: another broker's property or client is a 404 whatever else is wrong.
      await requireOwnedFormIds(scope, [
        ['property', form.get('propertyId')],
        ['client', form.get('clientId')],
      ])
      const submission = parseWithZod(form, { schema: ViewingFormSchema })
      if (submission.status !== 'success') return refused(intent, submission.error ?? {}, form)
      const result = orNotFound(await createViewing(scope, submission.value, broker.timeZone))
      if (!result.ok) return refused(intent, result.fieldErrors, form)
      setFlash(context, { kind: 'success', message: result.mailed ? 'Viewing scheduled. The client has been invited by e-mail.' : 'Viewing scheduled. The client has no e-mail address, so no invitation was sent.' })
      throw redirect(here)
    }
    case 'add-task': {
      // "About" left empty on /agenda: a task of the broker's own, about no record.
      const about = form.get('about')
      if (typeof about === 'string' && about.includes(':')) {
        const [subject, subjectId] = about.split(':')
        form.set('subject', subject ?? '')
        form.set('subjectId', subjectId ?? '')
      } else if (typeof about === 'string' && about !== '') {
        // Not an option the select offers: refused as a subject ("Choose what the task is about.").
        form.set('subject', about)
      }
      const own = fixed.propertyId ? ['property', fixed.propertyId] : fixed.clientId ? ['client', fixed.clientId] : fixed.dealId ? ['deal', fixed.dealId] : null
      if (own) {
        form.set('subject', own[0]!)
        form.set('subjectId', own[1]!)
      }
      const subject = form.get('subject')
      if (subject === 'property' || subject === 'client' || subject === 'deal') await requireOwnedFormIds(scope, [[subject, form.get('subjectId')]])
      const submission = parseWithZod(form, { schema: TaskFormSchema })
      if (submission.status !== 'success') {
        const errors = { ...submission.error, about: submission.error?.subject ?? submission.error?.subjectId }
        return refused(intent, errors, form)
      }
      const result = orNotFound(await createTask(scope, submission.value, broker.timeZone))
      if (!result.ok) return refused(intent, result.fieldErrors, form)
      setFlash(context, { kind: 'success', message: 'Task added.' })
      throw redirect(here)
    }
    case 'complete-task':
    case 'reopen-task': {
      const task = orNotFound(await setTaskDone(scope, form.get('taskId'), intent === 'complete-task', broker.timeZone))
      const next = task.next ? ` Next: ${describeLocal(task.next, broker.timeZone)}.` : ''
      setFlash(context, { kind: 'success', message: intent === 'complete-task' ? `Done: ${task.title}.${next}` : `Open again: ${task.title}.` })
      throw redirect(here)
    }
    case 'delete-task': {
      const task = orNotFound(await deleteTask(scope, form.get('taskId')))
      setFlash(context, { kind: 'success', message: `Deleted the task ${task.title}.` })
      throw redirect(here)
    }
  }
}
