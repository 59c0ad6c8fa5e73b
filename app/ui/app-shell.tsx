import type { ReactNode } from 'react'
import { AppNav, type ShellBroker } from '#app/ui/app-nav.tsx'
import { MAIN_LANDMARK } from '#app/ui/skip-link.tsx'

/**
 * The signed-in frame: app navigation (top bar, phone header, bottom bar) around the page.
 * The guarded layout uses it, and so does /pricing for a signed-in broker, who is choosing a
 * plan inside the app rather than visiting the public site.
 */
export function AppShell({ broker, children }: { broker: ShellBroker; children: ReactNode }) {
  return (
    <div className="min-h-screen pb-20 md:pb-0">
      <AppNav broker={broker} />
      <main {...MAIN_LANDMARK} className="focus:outline-none mx-auto max-w-6xl px-4 py-6">
        {children}
      </main>
    </div>
  )
}
