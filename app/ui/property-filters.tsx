import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { label } from '#app/modules/properties/catalog.ts'
import { countActiveFilters, FilterPanel } from './filter-panel.tsx'
import { ErrorList } from './form.tsx'
import { PROPERTY_TYPES, PURPOSES, STATUSES } from '#db/reference.ts'

type Errors = Partial<Record<string, string>>
/** The query fields that narrow the list (sort and page only order and page it). */
const PROPERTY_FILTER_NAMES = ['q', 'city', 'tags', 'status', 'type', 'purpose', 'minPrice', 'maxPrice', 'minBedrooms'] as const
const SORT_LABELS = { newest: 'Newest first', price_asc: 'Price, low to high', price_desc: 'Price, high to low' }

/** A plain GET form: filters live in the URL, so they work without JavaScript and can be bookmarked. */
export function PropertyFilters({
  values,
  errors,
  action,
  hideStatus = false,
  children,
}: {
  values: URLSearchParams
  errors: Errors
  action: string
  /** Public listings are all active: no status to choose. */
  hideStatus?: boolean
  /** Hidden fields the form carries along (the list's Mine / Agency choice). */
  children?: ReactNode
}) {
  const v = (name: string) => values.get(name) ?? ''
  const input = (name: string, text: string, props: Record<string, unknown> = {}) => (
    <div>
      <label htmlFor={`f-${name}`} className="block text-xs font-medium text-muted">{text}</label>
      <input id={`f-${name}`} name={name} defaultValue={v(name)} aria-invalid={errors[name] ? true : undefined} className="mt-1 w-full rounded-md border border-line bg-surface px-2 py-1.5 aria-[invalid]:border-danger" {...props} />
      <ErrorList errors={errors[name] ? [errors[name]] : null} />
    </div>
  )
  const select = (name: string, text: string, options: readonly string[], any: string, labels: Record<string, string> = {}) => (
    <div>
      <label htmlFor={`f-${name}`} className="block text-xs font-medium text-muted">{text}</label>
      <select id={`f-${name}`} name={name} defaultValue={v(name)} className="mt-1 w-full rounded-md border border-line bg-surface px-2 py-1.5">
        {any ? <option value="">{any}</option> : null}
        {options.map((o) => <option key={o} value={o}>{labels[o] ?? label(o)}</option>)}
      </select>
      <ErrorList errors={errors[name] ? [errors[name]] : null} />
    </div>
  )
  return (
    <FilterPanel activeCount={countActiveFilters(values, PROPERTY_FILTER_NAMES)}>
      <Form method="get" action={action} role="search" aria-label="Filter properties">
        {children}
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <div className="col-span-2">{input('q', 'Search', { type: 'search', placeholder: 'Title, address, reference…' })}</div>
          {input('city', 'City or area')}
          {input('tags', 'Tags', { placeholder: 'sea view, renovated' })}
          {hideStatus ? null : select('status', 'Status', STATUSES, 'Any status')}
          {select('type', 'Type', PROPERTY_TYPES, 'Any type')}
          {select('purpose', 'Purpose', PURPOSES, 'Sale or rent')}
          {input('minPrice', 'Min price', { type: 'number', min: 0, step: 'any', inputMode: 'decimal' })}
          {input('maxPrice', 'Max price', { type: 'number', min: 0, step: 'any', inputMode: 'decimal' })}
          {input('minBedrooms', 'Bedrooms (min)', { type: 'number', min: 0, step: 1 })}
          {select('sort', 'Sort', Object.keys(SORT_LABELS), '', SORT_LABELS)}
        </div>
        <div className="mt-3 flex gap-3">
          <button type="submit" className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-brand-ink">Apply filters</button>
          <Link to={action} className="self-center text-sm">Clear</Link>
        </div>
      </Form>
    </FilterPanel>
  )
}
