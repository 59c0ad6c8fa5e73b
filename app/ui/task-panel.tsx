import { Form } from 'react-router'
import { MAX_TASK_TITLE_CHARS, TASK_REPEAT_LABELS } from '#app/modules/agenda/schemas.ts'
import { TASK_REPEATS, type TaskRepeat } from '#db/reference.ts'
import { Button, Field, SelectField } from './form.tsx'
import { Card } from './page.tsx'
import type { AgendaFormState } from './viewing-panel.tsx'
import { AssigneeLine, AssignmentForms, TASK_INTENTS, type AssignmentFormError, type AssignmentView } from './assignment-card.tsx'

export type TaskRow = { id: string; title: string; due: string; done: boolean; overdue: boolean; repeat: TaskRepeat | null }

/**
 * A task's member in an agency of several (issue 26): who it is assigned to, and for its
 * assigned member, owners and admins a disclosure with "Assigned to" and "Share with a
 * colleague". Nothing for a broker alone.
 */
export function TaskTeam({ taskId, view, state }: { taskId: string; view: AssignmentView | null; state: AssignmentFormError | null }) {
  if (!view) return null
  const manage = view.canAssign || Boolean(view.sharing?.canShare)
  return (
    <div className="w-full text-xs">
      <AssigneeLine name={view.assigneeName} />
      {manage ? (
        <details open={state?.recordId === taskId}>
          <summary className="cursor-pointer text-muted">{view.canAssign ? 'Assign or share' : 'Share'}</summary>
          <div className="mt-2">
            <AssignmentForms view={view} state={state} recordId={taskId} intents={TASK_INTENTS} hidden={{ taskId }} idPrefix={`task-${taskId}`} />
          </div>
        </details>
      ) : null}
    </div>
  )
}

/** Done / open again / delete: three small forms, each a plain POST back to the page. */
export function TaskActions({ id, done }: { id: string; done: boolean }) {
  return (
    <span className="inline-flex gap-1">
      <Form method="post">
        <input type="hidden" name="taskId" value={id} />
        <Button type="submit" variant="secondary" className="px-2 py-1" name="intent" value={done ? 'reopen-task' : 'complete-task'}>
          {done ? 'Reopen' : 'Done'}
        </Button>
      </Form>
      <Form method="post">
        <input type="hidden" name="taskId" value={id} />
        <Button type="submit" variant="danger" className="px-2 py-1" name="intent" value="delete-task">Delete</Button>
      </Form>
    </span>
  )
}

const REPEAT_OPTIONS = TASK_REPEATS.map((repeat) => ({ value: repeat, label: TASK_REPEAT_LABELS[repeat] }))

/**
 * The add-task fields; `about` is a select on /agenda (left empty: a task of the broker's own),
 * fixed by the page elsewhere.
 */
export function AddTaskForm({ state, about }: { state: AgendaFormState; about?: { value: string; label: string }[] }) {
  const mine = state?.agendaIntent === 'add-task' ? state : null
  const errors = (name: string) => mine?.fieldErrors[name] ?? null
  const value = (name: string) => mine?.values[name]
  return (
    <Form method="post" className="space-y-3" id="add-task">
      {about ? (
        <SelectField label="About" errors={errors('about')} placeholder="Nothing: a task of my own" options={about} selectProps={{ id: 'task-about', name: 'about', defaultValue: value('about') ?? '' }} />
      ) : null}
      <Field label="Task" errors={errors('title')} inputProps={{ id: 'task-title', name: 'title', required: true, maxLength: MAX_TASK_TITLE_CHARS, defaultValue: value('title') }} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Due date" errors={errors('dueDate')} inputProps={{ id: 'task-due-date', name: 'dueDate', type: 'date', required: true, defaultValue: value('dueDate') }} />
        <Field label="Due time" errors={errors('dueTime')} inputProps={{ id: 'task-due-time', name: 'dueTime', type: 'time', required: true, defaultValue: value('dueTime') ?? '09:00' }} />
      </div>
      <SelectField label="Repeats" errors={errors('repeat')} placeholder="Does not repeat" options={REPEAT_OPTIONS} selectProps={{ id: 'task-repeat', name: 'repeat', defaultValue: value('repeat') ?? '' }} />
      <Button type="submit" name="intent" value="add-task">Add task</Button>
    </Form>
  )
}

/** A property's, client's or deal's tasks: open ones first (overdue marked), then done ones. */
export function TaskPanel({
  tasks,
  state,
  team = {},
  assignmentState = null,
}: {
  tasks: TaskRow[]
  state: AgendaFormState
  /** Each task's assignment, in an agency of several. */
  team?: Record<string, AssignmentView>
  assignmentState?: AssignmentFormError | null
}) {
  return (
    <Card title="Tasks">
      {tasks.length === 0 ? (
        <p className="mb-3 text-sm text-muted">No tasks yet.</p>
      ) : (
        <ul className="mb-3 space-y-2 text-sm" data-testid="task-list">
          {tasks.map((t) => (
            <li key={t.id} className={`flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 ${t.overdue ? 'border-danger' : 'border-line'}`}>
              <span className={t.done ? 'text-muted line-through' : ''}>
                {t.title}
                <span className="text-muted">{` · due ${t.due}`}</span>
                {t.repeat ? <span className="text-muted">{` · ${TASK_REPEAT_LABELS[t.repeat].toLowerCase()}`}</span> : null}
                {t.overdue ? <strong className="ml-1 text-danger">Overdue</strong> : null}
              </span>
              <TaskActions id={t.id} done={t.done} />
              <TaskTeam taskId={t.id} view={team[t.id] ?? null} state={assignmentState} />
            </li>
          ))}
        </ul>
      )}
      <details open={state?.agendaIntent === 'add-task'}>
        <summary className="cursor-pointer text-sm font-medium">Add a task</summary>
        <div className="mt-3">
          <AddTaskForm state={state} />
        </div>
      </details>
    </Card>
  )
}
