import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react'
import { Form, Link, useLocation } from 'react-router'
import { countOf } from '#app/lib/format.ts'
import { MAX_BULK_SELECTION } from '#app/lib/bulk.ts'
import { ErrorList } from './form.tsx'
import { useHydrated } from './use-hydrated.ts'

/** What a refused bulk form came back with (400): its message, the control it concerns, the ticked rows. */
export type BulkState = { bulkError: string; field: string; selected: string[] } | null

/**
 * The bulk bar of a list (docs/decisions/031): a form of its own whose rows' checkboxes sit in
 * the list, tied to it by `form=` (so the list's markup stays as it was, and nothing nests).
 * Without JavaScript it is a plain POST with the ticked `ids` and the button's intent; with it,
 * a "Select all" box and a live count come along, and nothing else changes.
 */
export function BulkBar({
  formId,
  noun,
  state,
  children,
}: {
  formId: string
  /** Plural: "properties", "clients". */
  noun: string
  state: BulkState
  children: ReactNode
}) {
  const hydrated = useHydrated()
  const [ticked, setTicked] = useState<number | null>(null)
  const [all, setAll] = useState(false)
  const boxes = () => [...document.querySelectorAll<HTMLInputElement>(`input[name="ids"][form="${formId}"]`)]

  useEffect(() => {
    const count = () => {
      const list = boxes()
      const checked = list.filter((box) => box.checked).length
      setTicked(checked)
      setAll(list.length > 0 && checked === list.length)
    }
    count()
    // The boxes are outside the form element: listen where their change events end up.
    document.addEventListener('change', count)
    return () => document.removeEventListener('change', count)
  })

  const errorId = `${formId}-error`
  return (
    <Form method="post" id={formId} aria-labelledby={`${formId}-title`} className="mb-4 rounded-xl border border-line bg-surface p-3" preventScrollReset>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${formId}-title`} className="text-sm font-semibold">{`With the selected ${noun}`}</h2>
        {hydrated ? (
          <div className="flex items-center gap-3 text-sm">
            <span aria-live="polite" data-testid={`${formId}-count`}>{ticked === null ? '' : `${countOf(ticked, 'selected', 'selected')}`}</span>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={all}
                onChange={(event) => {
                  const on = event.currentTarget.checked
                  for (const box of boxes()) box.checked = on
                  document.dispatchEvent(new Event('change'))
                }}
              />
              Select all on this page
            </label>
          </div>
        ) : (
          <p className="text-xs text-muted">{`Tick the ${noun} below (at most ${MAX_BULK_SELECTION} at a time), then choose what to do.`}</p>
        )}
      </div>
      <div className="mt-2 flex flex-wrap items-end gap-3">{children}</div>
      <ErrorList id={errorId} errors={state ? [state.bulkError] : null} />
    </Form>
  )
}

/** The aria attributes a bar's control gets when the refusal concerns it. */
export function bulkAria(formId: string, state: BulkState, field: string) {
  const invalid = state?.field === field
  return { 'aria-invalid': invalid ? true : undefined, 'aria-describedby': invalid ? `${formId}-error` : undefined } as const
}

/**
 * One row's checkbox, tied to the bar's form; its name for a screen reader is "Select {name}".
 * Keyed by the location: after an action that redirects (a new location) the rows come back
 * unticked, as the page without JavaScript does; a refusal or a step keeps them ticked.
 */
export function SelectBox({ formId, id, name, checked, className = '' }: { formId: string; id: string; name: string; checked: boolean; className?: string }) {
  const location = useLocation()
  return (
    <label className={`flex h-10 w-10 shrink-0 cursor-pointer items-center justify-center rounded-md ${className}`}>
      <input key={location.key} type="checkbox" name="ids" value={id} form={formId} defaultChecked={checked} className="h-5 w-5" />
      <span className="sr-only">{`Select ${name}`}</span>
    </label>
  )
}

/**
 * A step a bulk action asks for before it acts (which client's shortlist): a box at the top of
 * the page with its own form, the ticked rows carried along, and a way back. The heading takes
 * focus when it appears, so a screen reader hears what is asked.
 */
export function BulkStep({
  title,
  ids,
  cancelHref,
  children,
}: {
  title: string
  ids: readonly string[]
  cancelHref: string
  children: ReactNode
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <section aria-labelledby="bulk-step-title" className="mb-6 max-w-xl rounded-xl border border-brand bg-surface p-4">
      <h2 id="bulk-step-title" ref={heading} tabIndex={-1} className="text-lg font-semibold">{title}</h2>
      <Form method="post" className="mt-3 space-y-3" preventScrollReset>
        {ids.map((id) => <input key={id} type="hidden" name="ids" value={id} />)}
        {children}
        <Link to={cancelHref} className="ml-3 text-sm">Cancel</Link>
      </Form>
    </section>
  )
}

/**
 * The "Export" buttons: with JavaScript the browser goes straight to the download with the
 * ticked ids; without it (or with nothing ticked, for the server's message) the form posts.
 */
export function downloadTicked(event: MouseEvent<HTMLButtonElement>, path: string) {
  const form = event.currentTarget.form
  if (!form) return
  const ids = new FormData(form).getAll('ids')
  if (ids.length === 0 || ids.length > MAX_BULK_SELECTION) return
  event.preventDefault()
  window.location.assign(`${path}?ids=${ids.join(',')}`)
}
