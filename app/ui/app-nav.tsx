import { Form, Link, useLocation } from 'react-router'
import { Avatar } from './avatar.tsx'
import { LeadsLink } from './leads-link.tsx'

/** Who is signed in, as the header shows them: the 64 px avatar (or initials) links to /profile. */
/** `pastDueGraceEnds`: the day (in words) a past-due subscription's grace ends, for the banner. */
/** `unreadNotifications`: counted up to UNREAD_COUNT_CAP (100) with the session; 100 shows as "99+". */
/** `managesBilling`: the agency's owner (billing is theirs); false hides billing from everyone else. */
export type ShellBroker = { fullName: string; avatarUrl: string | null; pastDueGraceEnds?: string | null; unreadNotifications?: number; managesBilling?: boolean }

/**
 * The header's bell: /notifications, with the unread count as a badge and in its name. An icon
 * only (its name and title say "Notifications"): the top bar at 1280 px has no room for the word.
 */
function NotificationsLink({ unread, current, compact }: { unread: number; current: boolean; compact: boolean }) {
  const count = unread > 99 ? '99+' : String(unread)
  const name = unread > 0 ? `Notifications, ${count} unread` : 'Notifications'
  const body = (
    <>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d={BELL_ICON} />
      </svg>
      {unread > 0 ? (
        // On a phone the badge sits on the bell: the slim header has no width to spare.
        <span
          data-testid="unread-count"
          className={`rounded-full bg-brand text-center font-semibold text-brand-ink ${compact ? 'absolute -right-1 -top-1 min-w-4 px-1 text-[10px] leading-4' : 'min-w-5 px-1.5 text-xs leading-5'}`}
        >
          {count}
        </span>
      ) : null}
    </>
  )
  const className = `${compact ? 'relative px-1' : 'px-2'} flex items-center gap-1.5 rounded-md py-1 text-sm ${current ? 'font-semibold text-brand' : 'text-muted no-underline hover:text-ink'}`
  if (current) {
    return (
      <a aria-current="page" aria-label={name} title="Notifications" inert className={className} data-testid="notifications-link">
        {body}
      </a>
    )
  }
  // No prefetch: showing the page marks its notifications read.
  return (
    <Link to="/notifications" aria-label={name} title="Notifications" className={className} data-testid="notifications-link">
      {body}
    </Link>
  )
}

const BELL_ICON = 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0'

function BrokerBadge({ broker, size }: { broker: ShellBroker; size: number }) {
  return (
    <Link to="/profile" className="flex items-center gap-2 rounded-full no-underline" data-testid="shell-avatar">
      <Avatar name={broker.fullName} src={broker.avatarUrl} size={size} />
      <span className="sr-only">Your profile: {broker.fullName}</span>
    </Link>
  )
}

/** The seed's five bottom-bar items, in its order of meaning. */
export const NAV_ITEMS = [
  { to: '/public-properties', label: 'Public', icon: 'M3 12a9 9 0 1 0 18 0 9 9 0 0 0-18 0m0 0h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3' },
  { to: '/properties', label: 'Properties', icon: 'M4 21V9l8-6 8 6v12h-5v-7H9v7z' },
  { to: '/home', label: 'Home', icon: 'M3 13h8V3H3zm10 8h8V11h-8zM3 21h8v-6H3zm10-18v6h8V3z' },
  { to: '/clients', label: 'Clients', icon: 'M16 20v-2a4 4 0 0 0-8 0v2M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8m8 8v-2a4 4 0 0 0-3-3.9M4 20v-2a4 4 0 0 1 3-3.9' },
  { to: '/profile', label: 'Profile', icon: 'M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10m-8 10a8 8 0 0 1 16 0' },
] as const

/**
 * Deals is not one of the seed's five: the bottom bar keeps those, and Deals sits in the top bar
 * on wide screens (after Clients, whose deals they are) and in a slim header on phones, so it is
 * one tap away from every app page. See docs/decisions/010-deals-in-the-navigation.md.
 */
export const DEALS_ITEM = {
  to: '/deals',
  label: 'Deals',
  icon: 'M3 7h18v13H3zM8 7V4h8v3M3 12h18',
} as const

/**
 * Agenda (viewings and tasks by day) sits next to Deals: in the top bar on wide screens and in
 * the slim phone header, so the bottom bar keeps the seed's five (docs/decisions/021-viewings-and-tasks.md).
 */
export const AGENDA_ITEM = {
  to: '/agenda',
  label: 'Agenda',
  icon: 'M4 5h16v16H4zM4 10h16M8 3v4M16 3v4',
} as const

type NavItemData = { to: string; label: string; icon: string }

/** A section's own pages count as it: /property/{id} is in Properties, /deal/{id} in Deals. */
const SECTION_PREFIXES: Record<string, string> = {
  '/properties': '/property/',
  '/clients': '/client/',
  '/deals': '/deal/',
  '/agenda': '/viewing/',
  '/profile': '/profile/',
}

function isCurrent(pathname: string, to: string) {
  const prefix = SECTION_PREFIXES[to]
  return pathname === to || (prefix !== undefined && pathname.startsWith(prefix))
}

const LAYOUTS = {
  bottom: 'flex flex-1 flex-col items-center gap-0.5 py-2 text-[11px]',
  top: 'flex items-center gap-2 rounded-md px-3 py-2 text-sm',
  // The phone's slim header holds the logo, Deals, Agenda, Leads, the bell and the avatar in 375 px.
  header: 'flex items-center gap-1 rounded-md px-1.5 py-1 text-sm',
} as const

// The top bar's icons from 1280 px up: below it the seven words, the logo, Leads, the bell, the
// avatar and Log out fill the bar (at 1024 px the logo was squeezed to a letter a line). The
// phone header's words from 420 px up: at 375 px the logo, Deals and Agenda with icons, Leads,
// the bell and the avatar were wider than the screen once the current word was bold.
const ICON_STYLE = { bottom: 'h-5 w-5', top: 'hidden h-5 w-5 xl:block', header: 'hidden h-5 w-5 min-[420px]:block' } as const

function NavItem({ item, current, layout }: { item: NavItemData; current: boolean; layout: keyof typeof LAYOUTS }) {
  const body = (
    <>
      <svg aria-hidden="true" viewBox="0 0 24 24" className={ICON_STYLE[layout]} fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d={item.icon} />
      </svg>
      <span>{item.label}</span>
    </>
  )
  // The current item is highlighted and does nothing when tapped (the seed): no href, inert.
  if (current) {
    return (
      <a aria-current="page" inert className={`${LAYOUTS[layout]} font-semibold text-brand`}>
        {body}
      </a>
    )
  }
  return (
    <Link to={item.to} className={`${LAYOUTS[layout]} text-muted no-underline hover:text-ink`}>
      {body}
    </Link>
  )
}

/**
 * Top bar from 768 px up (the five items, Deals and Agenda, then the bell); below it a slim
 * header with Deals, Agenda and the bell, and the bottom bar.
 */
export function AppNav({ broker }: { broker: ShellBroker }) {
  const { pathname } = useLocation()
  const topItems = [...NAV_ITEMS.slice(0, 4), DEALS_ITEM, AGENDA_ITEM, ...NAV_ITEMS.slice(4)]
  return (
    <>
      <header className="sticky top-0 z-30 hidden border-b border-line bg-surface md:block">
        <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-2">
          <Link to="/home" className="shrink-0 whitespace-nowrap font-bold text-ink no-underline">
            BrokerVault
          </Link>
          <nav aria-label="Main" className="flex flex-1 gap-1">
            {topItems.map((item) => (
              <NavItem key={item.to} item={item} current={isCurrent(pathname, item.to)} layout="top" />
            ))}
          </nav>
          <LeadsLink pathname={pathname} compact={false} />
          <NotificationsLink unread={broker.unreadNotifications ?? 0} current={pathname === '/notifications'} compact={false} />
          <BrokerBadge broker={broker} size={32} />
          <LogoutButton />
        </div>
      </header>
      <header className="sticky top-0 z-30 border-b border-line bg-surface md:hidden">
        <div className="flex items-center justify-between px-3 py-1.5">
          <Link to="/home" className="whitespace-nowrap font-bold tracking-tight text-ink no-underline">
            BrokerVault
          </Link>
          <div className="flex items-center gap-1">
            <nav aria-label="More" className="flex gap-1">
              <NavItem item={DEALS_ITEM} current={isCurrent(pathname, DEALS_ITEM.to)} layout="header" />
              <NavItem item={AGENDA_ITEM} current={isCurrent(pathname, AGENDA_ITEM.to)} layout="header" />
            </nav>
            <LeadsLink pathname={pathname} compact />
            <NotificationsLink unread={broker.unreadNotifications ?? 0} current={pathname === '/notifications'} compact />
            <BrokerBadge broker={broker} size={28} />
          </div>
        </div>
      </header>
      <nav
        aria-label="Main"
        className="bottom-bar fixed inset-x-0 bottom-0 z-30 flex border-t border-line bg-surface pb-[env(safe-area-inset-bottom)] md:hidden"
      >
        {NAV_ITEMS.map((item) => (
          <NavItem key={item.to} item={item} current={isCurrent(pathname, item.to)} layout="bottom" />
        ))}
      </nav>
    </>
  )
}

/** Logout is a POST; with JavaScript it replaces the history entry (seed). */
export function LogoutButton({ className = '' }: { className?: string }) {
  return (
    <Form method="post" action="/logout" replace>
      <button type="submit" className={`rounded-md border border-line px-3 py-1.5 text-sm ${className}`}>
        Log out
      </button>
    </Form>
  )
}

export function ThemeForm({ current, redirectTo }: { current: string; redirectTo: string }) {
  return (
    <Form method="post" action="/theme" className="flex flex-wrap items-center gap-2 text-sm">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <span className="text-muted">Theme:</span>
      {(['light', 'dark', 'system'] as const).map((theme) => (
        <button
          key={theme}
          type="submit"
          name="theme"
          value={theme}
          aria-pressed={current === theme}
          className="rounded-md border border-line px-3 py-1 capitalize aria-pressed:border-brand aria-pressed:bg-brand-soft"
        >
          {theme}
        </button>
      ))}
    </Form>
  )
}
