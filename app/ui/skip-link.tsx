/**
 * "Skip to content": the first focus stop of every page, hidden until focused, so a keyboard
 * user passes the navigation in one step (WCAG 2.4.1). Every page's <main> spreads
 * MAIN_LANDMARK; tabIndex -1 lets the link (and the focus move after a client-side navigation)
 * put focus there without adding a Tab stop.
 */
export const MAIN_ID = 'main-content'
export const MAIN_LANDMARK = { id: MAIN_ID, tabIndex: -1 } as const

export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="skip-link sr-only rounded-md bg-brand px-4 py-2 font-medium text-brand-ink no-underline print:hidden"
    >
      Skip to content
    </a>
  )
}
