import type { ReactNode } from 'react'

/** How many of the named filters have a value in the query string (page and sort are not filters). */
export function countActiveFilters(values: URLSearchParams, names: readonly string[]) {
  return names.filter((name) => (values.get(name) ?? '').trim() !== '').length
}

/**
 * The filters of a list, in a <details>: phones fold it away (no script needed) and it starts
 * closed unless a filter is active, so the list comes first. From 768 px up app.css keeps it
 * unfolded, where the browser can style a <details>' content.
 */
export function FilterPanel({ activeCount, children }: { activeCount: number; children: ReactNode }) {
  return (
    <details open={activeCount > 0} className="filter-panel mb-6 rounded-xl border border-line bg-surface">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium">
        {activeCount > 0 ? `Filters (${activeCount} active)` : 'Filters'}
      </summary>
      <div className="p-3 pt-0 md:pt-3">{children}</div>
    </details>
  )
}
