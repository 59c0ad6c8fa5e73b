import type { ReactNode } from 'react'
import { countOf, formatNumber } from '#app/lib/format.ts'
import { label } from '#app/modules/properties/catalog.ts'
import { priceText } from '#app/modules/properties/price-text.ts'
import { PROPERTY_TYPES, PURPOSES } from '#db/reference.ts'
import type { WebsiteAgent, WebsiteCard, WebsiteIdentity } from '#app/modules/website/site-view.ts'
import { Avatar } from './avatar.tsx'
import { Button } from './form.tsx'
import { PhotoImage } from './photo.tsx'
import { AgencyLogo } from './share-page.tsx'
import { MAIN_LANDMARK } from './skip-link.tsx'

/*
 * An agency's public website (docs/decisions/036-enquiries-and-website.md): no script, the share
 * pages' inline stylesheet (app/share.css lists this file), a header with the agency, the page,
 * and a footer. Every link is a plain address; the search is a GET form.
 */

const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`

export function WebsiteFrame({ identity, children }: { identity: WebsiteIdentity; children: ReactNode }) {
  return (
    <>
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-4 px-4 py-3">
          {identity.logoUrl ? <AgencyLogo src={identity.logoUrl} name={identity.name} /> : null}
          <a href={`/a/${identity.slug}`} className="text-lg font-semibold text-ink no-underline">
            {identity.name}
          </a>
          <p className="flex flex-wrap gap-x-4 text-sm">
            {identity.phone ? <a href={telHref(identity.phone)}>{identity.phone}</a> : null}
            {identity.email ? <a href={`mailto:${identity.email}`}>{identity.email}</a> : null}
          </p>
        </div>
      </header>
      <main {...MAIN_LANDMARK} className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-6">
        {children}
      </main>
      <footer className="p-4 text-center text-xs text-muted">
        {[identity.name, identity.licenceNumber ? `Licence ${identity.licenceNumber}` : null, identity.address].filter(Boolean).join(' · ')}
        {' · '}
        <a href="/privacy">Privacy</a>
        {' · Made with BrokerVault'}
      </footer>
    </>
  )
}

export function cardFactsText(p: WebsiteCard) {
  const unit = label(p.areaUnit)
  return [
    p.bedrooms === null ? null : countOf(p.bedrooms, 'bedroom', 'bedrooms'),
    p.builtArea === null ? null : `${formatNumber(p.builtArea)} ${unit}`,
    p.builtArea === null && p.landArea !== null ? `${formatNumber(p.landArea)} ${unit} land` : null,
  ]
    .filter(Boolean)
    .join(' · ')
}

/** Listings as cards, each a link to its page. */
export function ListingCards({ items, hrefOf, eagerFirst }: { items: WebsiteCard[]; hrefOf: (item: WebsiteCard) => string; eagerFirst: boolean }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((p, index) => (
        <li key={p.id}>
          <a href={hrefOf(p)} className="block overflow-hidden rounded-xl border border-line bg-surface text-ink no-underline">
            <div className="aspect-[4/3] bg-canvas">
              {p.cover ? (
                <PhotoImage photo={p.cover} alt="" eager={eagerFirst && index === 0} sizes="(min-width: 1024px) 320px, (min-width: 640px) 50vw, 100vw" className="h-full w-full object-cover" />
              ) : null}
            </div>
            <div className="flex flex-col gap-0.5 p-3">
              <span className="font-semibold">{p.title}</span>
              <span className="font-medium">{priceText(p)}</span>
              <span className="text-sm text-muted">{[label(p.type), label(p.purpose), [p.area, p.city].filter(Boolean).join(', ')].filter(Boolean).join(' · ')}</span>
              {cardFactsText(p) ? <span className="text-sm text-muted">{cardFactsText(p)}</span> : null}
            </div>
          </a>
        </li>
      ))}
    </ul>
  )
}

export type WebsiteSearchValues = {
  q?: string
  type?: string
  purpose?: string
  minPrice?: number
  maxPrice?: number
  minBedrooms?: number
  sort: string
}

const SELECT_STYLE = 'mt-1 block w-full rounded-md border border-line bg-surface px-3 py-2 text-base'

/** The search: a GET form, so every search is an address (shareable, indexable, cacheable). */
export function WebsiteSearch({ action, values, errors }: { action: string; values: WebsiteSearchValues; errors: Record<string, string> }) {
  const text = (name: string, title: string, value: string | number | undefined, type = 'text', extra: Record<string, string | number> = {}) => (
    <div>
      <label htmlFor={`search-${name}`} className="text-sm font-medium">
        {title}
      </label>
      <input
        id={`search-${name}`}
        name={name}
        type={type}
        defaultValue={value ?? ''}
        className={SELECT_STYLE}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `search-${name}-error` : undefined}
        {...extra}
      />
      {errors[name] ? (
        <p id={`search-${name}-error`} className="mt-1 text-sm text-danger">
          {errors[name]}
        </p>
      ) : null}
    </div>
  )
  const select = (name: string, title: string, value: string | undefined, options: readonly string[], any: string) => (
    <div>
      <label htmlFor={`search-${name}`} className="text-sm font-medium">
        {title}
      </label>
      <select id={`search-${name}`} name={name} defaultValue={value ?? ''} className={SELECT_STYLE}>
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {label(option)}
          </option>
        ))}
      </select>
    </div>
  )
  return (
    <form method="get" action={action} role="search" aria-label="Search the listings" className="grid gap-3 rounded-xl border border-line bg-surface p-4 sm:grid-cols-3">
      {text('q', 'Search', values.q, 'search', { maxLength: 200 })}
      {select('purpose', 'For', values.purpose, PURPOSES, 'Sale or rent')}
      {select('type', 'Type', values.type, PROPERTY_TYPES, 'Any type')}
      {text('minPrice', 'Price from', values.minPrice, 'number', { min: 0, step: 'any' })}
      {text('maxPrice', 'Price up to', values.maxPrice, 'number', { min: 0, step: 'any' })}
      {text('minBedrooms', 'Bedrooms (at least)', values.minBedrooms, 'number', { min: 0, max: 100, step: 1 })}
      <div>
        <label htmlFor="search-sort" className="text-sm font-medium">
          Order
        </label>
        <select id="search-sort" name="sort" defaultValue={values.sort} className={SELECT_STYLE}>
          <option value="newest">Newest first</option>
          <option value="price_asc">Lowest price first</option>
          <option value="price_desc">Highest price first</option>
        </select>
      </div>
      <div className="flex items-end">
        <Button type="submit">Search</Button>
      </div>
    </form>
  )
}

/** The agency's people, each with their card. */
export function AgentCards({ agents }: { agents: WebsiteAgent[] }) {
  if (agents.length === 0) return null
  return (
    <section aria-labelledby="agents-heading" className="flex flex-col gap-3">
      <h2 id="agents-heading" className="text-xl font-semibold">
        Our agents
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {agents.map((agent) => (
          <li key={agent.id}>
            <AgentCard agent={agent} />
          </li>
        ))}
      </ul>
    </section>
  )
}

export function AgentCard({ agent }: { agent: WebsiteAgent }) {
  return (
    <address className="flex items-center gap-4 rounded-xl border border-line bg-surface p-4 not-italic">
      <Avatar name={agent.fullName} src={agent.avatarUrl} size={96} alt={agent.fullName} />
      <div className="flex flex-col gap-0.5 text-sm">
        <p className="text-base font-semibold">{agent.fullName}</p>
        {agent.licenceNumber ? <p className="text-muted">Licence {agent.licenceNumber}</p> : null}
        {agent.phone ? (
          <p>
            <a href={telHref(agent.phone)}>{agent.phone}</a>
          </p>
        ) : null}
        <p>
          <a href={`mailto:${agent.email}`}>{agent.email}</a>
        </p>
      </div>
    </address>
  )
}

/** Previous and next pages of a search, as plain links that keep the search. */
export function WebsitePager({ page, hasNext, hrefOf }: { page: number; hasNext: boolean; hrefOf: (page: number) => string }) {
  if (page <= 1 && !hasNext) return null
  return (
    <nav aria-label="Pages" className="flex justify-between text-sm">
      {page > 1 ? <a href={hrefOf(page - 1)} rel="prev">← Previous page</a> : <span />}
      <span className="text-muted">{`Page ${page}`}</span>
      {hasNext ? <a href={hrefOf(page + 1)} rel="next">Next page →</a> : <span />}
    </nav>
  )
}
