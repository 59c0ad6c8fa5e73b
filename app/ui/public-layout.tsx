import type { ReactNode } from 'react'
import { Link, useRouteLoaderData } from 'react-router'
import { MAIN_LANDMARK } from './skip-link.tsx'

export function useContactEmail() {
  const root = useRouteLoaderData('root') as { contactEmail?: string } | undefined
  return root?.contactEmail ?? 'support@brokervault.app'
}

export function PublicHeader() {
  return (
    <header className="border-b border-line bg-surface">
      {/* On a phone the links go under the name rather than squeeze it ("BrokerVau/lt"). */}
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3">
        <Link to="/" className="whitespace-nowrap text-lg font-bold text-ink no-underline">
          BrokerVault
        </Link>
        <nav aria-label="Account" className="flex flex-wrap items-center gap-2 text-sm">
          <Link to="/pricing" className="px-2 py-1">
            Pricing
          </Link>
          <Link to="/auth" className="rounded-md border border-line px-3 py-1.5 text-ink no-underline">
            Sign in
          </Link>
          <Link to="/auth?mode=signup" className="rounded-md bg-brand px-3 py-1.5 text-brand-ink no-underline">
            Get started
          </Link>
        </nav>
      </div>
    </header>
  )
}

const FOOTER_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/help', label: 'Help' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
  { to: '/disclaimer', label: 'Disclaimer' },
] as const

const MORE_LINKS = [
  { to: '/support', label: 'Support' },
  { to: '/contact', label: 'Contact' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/data-policy', label: 'Data policy' },
  { to: '/cookie-policy', label: 'Cookie policy' },
  { to: '/refund-policy', label: 'Refund policy' },
  { to: '/shipping-policy', label: 'Shipping policy' },
] as const

export function PublicFooter() {
  const email = useContactEmail()
  return (
    <footer className="mt-12 border-t border-line bg-surface">
      <div className="mx-auto max-w-5xl space-y-3 px-4 py-6 text-sm text-muted">
        <nav aria-label="Footer" className="flex flex-wrap gap-x-4 gap-y-2">
          {FOOTER_LINKS.map((l) => (
            <Link key={l.to} to={l.to}>
              {l.label}
            </Link>
          ))}
          <a href={`mailto:${email}`}>{email}</a>
        </nav>
        <nav aria-label="More" className="flex flex-wrap gap-x-4 gap-y-2 text-xs">
          {MORE_LINKS.map((l) => (
            <Link key={l.to} to={l.to}>
              {l.label}
            </Link>
          ))}
        </nav>
        <p>© 2024 BrokerVault. All rights reserved.</p>
      </div>
    </footer>
  )
}

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader />
      <main {...MAIN_LANDMARK} className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">{children}</main>
      <PublicFooter />
    </div>
  )
}

/** Shared frame for the information and legal pages: a title, a date, readable prose. */
export function InfoPage({ title, updated, children }: { title: string; updated?: string; children: ReactNode }) {
  return (
    <PublicLayout>
      <article className="prose-sm mx-auto max-w-2xl space-y-4 leading-relaxed [&_h2]:mt-6 [&_h2]:text-lg [&_h2]:font-semibold [&_li]:ml-5 [&_li]:list-disc">
        <h1 className="text-2xl font-bold">{title}</h1>
        {updated ? <p className="text-sm text-muted">Last updated {updated}</p> : null}
        {children}
      </article>
    </PublicLayout>
  )
}
