import { KIND_STYLES, type ToastMessage } from './toast-kinds.ts'

/**
 * The flash on a page that ships no JavaScript (share pages): a status line fixed at the top of
 * the screen, over the banner, clear of the page's buttons; it goes by itself after 10 s
 * ([data-toast] in styles/base.css). The app's toast region does more (F8, swiping, offline
 * notices), but all of it needs a script.
 */
export function FlashNote({ flash }: { flash: ToastMessage | null }) {
  if (!flash) return null
  return (
    <section aria-label="Notifications" className="pointer-events-none fixed inset-x-0 top-0 z-50">
      <p role={flash.kind === 'error' ? 'alert' : 'status'} data-toast="" className={`border-b-4 px-4 py-3 text-center text-sm ${KIND_STYLES[flash.kind]}`}>
        {flash.message}
      </p>
    </section>
  )
}
