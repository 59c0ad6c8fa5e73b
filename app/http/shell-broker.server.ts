import { isInPastDueGrace, PAST_DUE_GRACE_MS } from '#app/modules/billing/plans.ts'
import { avatarUrl } from '#app/modules/media/avatar.ts'
import { formatDate } from '#app/lib/when.ts'
import { formatStyleParts } from '#app/modules/profile/format-styles.ts'
import type { AuthState } from '#app/modules/session/sessions.server.ts'
import type { ShellBroker } from '#app/ui/app-nav.tsx'

/** The app shell's broker (read with the session, no extra query): name, avatar, past-due banner, unread count. */
export function shellBroker({ user, subscription, unreadNotifications, scope }: AuthState, now = new Date()): ShellBroker {
  const since = subscription?.pastDueSince
  const graceEnds =
    since && isInPastDueGrace(subscription, now)
      ? formatDate(new Date(since.getTime() + PAST_DUE_GRACE_MS), user.timeZone, formatStyleParts(user.formatStyle).clock)
      : null
  return {
    fullName: user.fullName,
    avatarUrl: user.avatarId ? avatarUrl(user.avatarId, 64) : null,
    pastDueGraceEnds: graceEnds,
    unreadNotifications,
    managesBilling: scope.role === 'owner',
  }
}
