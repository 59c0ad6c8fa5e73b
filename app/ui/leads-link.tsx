import { Link } from 'react-router'

const INBOX_ICON = 'M3 13l3-8h12l3 8v6H3zm0 0h5l1 2h6l1-2h5'

/**
 * The header's way to /leads (docs/decisions/035-leads-inbound-mail.md): an icon beside the
 * bell, named "Leads", on wide screens and phones alike. The top bar and the phone's slim
 * header have no room for another labelled item (at 1024 px the top bar is full already), and
 * the bottom bar keeps the seed's five.
 */
export function LeadsLink({ pathname, compact }: { pathname: string; compact: boolean }) {
  const current = pathname === '/leads' || pathname.startsWith('/lead/')
  const className = `${compact ? 'px-0.5' : 'px-2'} flex items-center rounded-md py-1 text-sm ${current ? 'font-semibold text-brand' : 'text-muted no-underline hover:text-ink'}`
  const icon = (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d={INBOX_ICON} />
    </svg>
  )
  // The current page's link is highlighted and inert (the seed's rule for the current item).
  if (pathname === '/leads') {
    return (
      <a aria-current="page" aria-label="Leads" title="Leads" inert className={className} data-testid="leads-link">
        {icon}
      </a>
    )
  }
  return (
    <Link to="/leads" aria-label="Leads" title="Leads" aria-current={current ? 'location' : undefined} className={className} data-testid="leads-link">
      {icon}
    </Link>
  )
}
