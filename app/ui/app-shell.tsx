import type { ReactNode } from 'react'
import { Form } from 'react-router'
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
      {broker.pastDueGraceEnds ? <PastDueBanner graceEnds={broker.pastDueGraceEnds} managesBilling={broker.managesBilling !== false} /> : null}
      <main {...MAIN_LANDMARK} className="mx-auto max-w-6xl px-4 py-6">
        {children}
      </main>
    </div>
  )
}

/**
 * A failed renewal inside its 7-day grace: the app still works; the billing portal (a POST, so
 * it works without JavaScript) is where the card is fixed.
 */
function PastDueBanner({ graceEnds, managesBilling }: { graceEnds: string; managesBilling: boolean }) {
  return (
    <div role="status" data-testid="past-due-banner" className="border-b border-line bg-warning-soft">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm">
        {managesBilling ? (
          <>
            <p>{`Your last payment did not go through. Update your payment details by ${graceEnds} to keep using BrokerVault.`}</p>
            <Form method="post" action="/profile/billing">
              <button type="submit" name="intent" value="manage-billing" className="font-medium text-brand underline">
                Open the billing portal
              </button>
            </Form>
          </>
        ) : (
          // The plan is the agency's owner's to pay: a member can only tell them.
          <p>{`Your agency's last payment did not go through. Its owner can update the payment details until ${graceEnds}.`}</p>
        )}
      </div>
    </div>
  )
}
