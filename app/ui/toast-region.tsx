import { useEffect, useRef, useState } from 'react'
import { Form, useNavigation } from 'react-router'

import { KIND_STYLES, type ToastMessage } from './toast-kinds.ts'

export type { ToastMessage }

export const TOAST_DEFAULT_DURATION_MS = 5000
export const TOAST_SWIPE_THRESHOLD_PX = 50
export const OFFLINE_TOAST_DURATION_MS = 5000
export const ONLINE_TOAST_DURATION_MS = 3000
/** A toast with a Restore button stays longer: time to see it and reach for it. */
export const UNDO_TOAST_DURATION_MS = 10000


const durationOf = (toast: ToastMessage) => (toast.restore ? UNDO_TOAST_DURATION_MS : TOAST_DEFAULT_DURATION_MS)

/**
 * One toast at a time. Without JavaScript the server's flash toast simply stays until the next
 * page. With it: it fades after its time, a 50 px swipe dismisses it, F8 focuses the region, and
 * connectivity changes show their own toasts.
 */
export function ToastRegion({ flash }: { flash: ToastMessage | null }) {
  const [toast, setToast] = useState<(ToastMessage & { durationMs: number; id: number }) | null>(
    flash ? { ...flash, durationMs: durationOf(flash), id: 0 } : null,
  )
  const regionRef = useRef<HTMLElement>(null)
  const swipeStart = useRef<number | null>(null)

  // A new flash (the next page's) replaces the toast: adjusted while rendering, not in an effect.
  const [shownFlash, setShownFlash] = useState(flash)
  if (flash !== shownFlash) {
    setShownFlash(flash)
    if (flash) setToast({ ...flash, durationMs: durationOf(flash), id: (toast?.id ?? 0) + 1 })
  }

  // A new submission makes the shown toast stale: its answer brings its own toast, or errors
  // next to the fields that must not stand beside an old "success". (Without JavaScript the
  // answer is a new page, which has only its own toast.)
  const submitting = useNavigation().state === 'submitting'
  const [wasSubmitting, setWasSubmitting] = useState(submitting)
  if (submitting !== wasSubmitting) {
    setWasSubmitting(submitting)
    if (submitting && toast) setToast(null)
  }

  useEffect(() => {
    if (!toast) return
    const timer = setTimeout(() => setToast(null), toast.durationMs)
    return () => clearTimeout(timer)
  }, [toast])

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault()
        regionRef.current?.focus()
      }
    }
    const onOffline = () => {
      document.documentElement.dataset.networkError = 'true'
      document.documentElement.dataset.trialExpired = 'false'
      setToast({ kind: 'error', message: 'Connection lost. Working offline.', durationMs: OFFLINE_TOAST_DURATION_MS, id: Date.now() })
    }
    const onOnline = () => {
      document.documentElement.dataset.networkError = 'false'
      setToast({ kind: 'success', message: 'Connection restored', durationMs: ONLINE_TOAST_DURATION_MS, id: Date.now() })
    }
    window.addEventListener('keydown', onKey)
    window.addEventListener('offline', onOffline)
    window.addEventListener('online', onOnline)
    return () => {
      window.removeEventListener('keydown', onKey)
      window.removeEventListener('offline', onOffline)
      window.removeEventListener('online', onOnline)
    }
  }, [])

  return (
    <section
      ref={regionRef}
      tabIndex={-1}
      aria-label="Notifications (F8)"
      // A phone: at the top, over the header strip; wider: at the foot, on the right (styles/base.css says why).
      className="pointer-events-none fixed inset-x-0 top-[calc(0.25rem+env(safe-area-inset-top))] z-50 flex justify-center px-3 outline-none md:top-auto md:bottom-4 md:justify-end"
    >
      {toast ? (
        <div
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-toast=""
          className={`pointer-events-auto max-w-md rounded-lg border-l-4 px-4 py-2 text-sm md:py-3 ${KIND_STYLES[toast.kind]}`}
          onPointerDown={(e) => (swipeStart.current = e.clientX)}
          onPointerUp={(e) => {
            if (swipeStart.current !== null && Math.abs(e.clientX - swipeStart.current) >= TOAST_SWIPE_THRESHOLD_PX) {
              setToast(null)
            }
            swipeStart.current = null
          }}
        >
          {toast.restore ? (
            // A plain form: without JavaScript the toast stays until the next page, Restore with it.
            <Form method="post" action="/trash" className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span>{toast.message}</span>
              <input type="hidden" name="intent" value="restore" />
              <input type="hidden" name="kind" value={toast.restore.kind} />
              <input type="hidden" name="id" value={toast.restore.id} />
              <input type="hidden" name="back" value="item" />
              <button type="submit" className="rounded-md border border-line bg-surface px-3 py-1 font-medium text-ink">
                Restore
              </button>
            </Form>
          ) : (
            toast.message
          )}
        </div>
      ) : null}
    </section>
  )
}
