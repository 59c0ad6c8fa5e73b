import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Form, Link, useNavigate } from 'react-router'
import { Button } from './form.tsx'
import { useHydrated } from './use-hydrated.ts'

/**
 * The "are you sure?" step of a delete. The page renders it when its URL asks for it
 * (`?delete-photo=<id>`), so the step works without JavaScript: a box at the top of the page
 * with a real POST form and a Cancel link back. Opened by the hydrated app, the same <dialog> is
 * modal (backdrop, focus inside, Escape cancels) and the page stays where the broker was.
 *
 * A box the server drew stays in the page when the page hydrates: the app hydrates on the
 * broker's first touch or pointer move (lib/hydrate-on-intent.ts), often the one on its way to
 * "Delete", and a box that jumped into a modal then would take the tap from under the finger.
 */
export function ConfirmDelete({
  title,
  children,
  hiddenFields,
  confirmLabel,
  cancelHref,
  returnFocusTo,
}: {
  title: string
  children: ReactNode
  /** What the POST sends: the intent and the item's id (or the ticked rows' ids, a list). */
  hiddenFields: Record<string, string | readonly string[]>
  confirmLabel: string
  cancelHref: string
  /** The id of the control that opened the step, focused again when it is cancelled. */
  returnFocusTo: string
}) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const navigate = useNavigate()
  // False while hydrating what the server drew, true when the app renders the step itself; the
  // first render's answer is kept (React renders again with true once hydration is done).
  const [openedInApp] = useState(useHydrated())

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    // Rendered open (inline); reopened as a modal when the app opened it. Dropping the
    // attribute, unlike close(), fires no close event.
    if (openedInApp && !dialog.matches(':modal')) {
      dialog.removeAttribute('open')
      dialog.showModal()
    }
    // Escape or Cancel closes the dialog; then the URL loses its ?delete-… and focus goes back.
    const onClose = () => {
      void navigate(cancelHref, { replace: true, preventScrollReset: true })
      document.getElementById(returnFocusTo)?.focus()
    }
    dialog.addEventListener('close', onClose)
    return () => dialog.removeEventListener('close', onClose)
  }, [cancelHref, navigate, returnFocusTo, openedInApp])

  return (
    <dialog
      ref={dialogRef}
      open
      aria-labelledby="confirm-delete-title"
      className="confirm-delete mb-6 w-full max-w-md rounded-xl border border-danger bg-surface p-4 text-ink shadow-lg backdrop:bg-black/40"
    >
      <h2 id="confirm-delete-title" className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-2 space-y-2 text-sm">{children}</div>
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-3" preventScrollReset>
        {Object.entries(hiddenFields).flatMap(([name, value]) =>
          (typeof value === 'string' ? [value] : value).map((one) => <input key={`${name}=${one}`} type="hidden" name={name} value={one} />),
        )}
        <Button type="submit" variant="danger">
          {confirmLabel}
        </Button>
        <Link
          to={cancelHref}
          replace
          preventScrollReset
          onClick={(event) => {
            // With scripts the dialog closes itself (see onClose); without, this is a plain link.
            event.preventDefault()
            dialogRef.current?.close()
          }}
          className="rounded-md border border-line px-4 py-2 text-sm font-medium text-ink no-underline"
        >
          Cancel
        </Link>
      </Form>
    </dialog>
  )
}
