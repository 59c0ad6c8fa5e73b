import { Link, useLocation } from 'react-router'

/**
 * Previous / next links that keep every other query parameter (filters live in the URL). A
 * capped total (db/capped-count.server.ts) means there are more: "Page 3 of 50+", and Next.
 */
export function Pagination({ page, pageSize, total, capped = false }: { page: number; pageSize: number; total: number; capped?: boolean }) {
  const location = useLocation()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages <= 1 && !capped) return null
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search)
    params.set('page', String(target))
    return `${location.pathname}?${params}`
  }
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between text-sm">
      {page > 1 ? <Link to={hrefFor(page - 1)} rel="prev">← Previous</Link> : <span />}
      <span className="text-muted">{`Page ${page} of ${pages}${capped ? '+' : ''}`}</span>
      {page < pages || capped ? <Link to={hrefFor(page + 1)} rel="next">Next →</Link> : <span />}
    </nav>
  )
}
