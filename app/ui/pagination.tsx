import { Link, useLocation } from 'react-router'

/** Previous / next links that keep every other query parameter (filters live in the URL). */
export function Pagination({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const location = useLocation()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages <= 1) return null
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search)
    params.set('page', String(target))
    return `${location.pathname}?${params}`
  }
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between text-sm">
      {page > 1 ? <Link to={hrefFor(page - 1)} rel="prev">← Previous</Link> : <span />}
      <span className="text-muted">{`Page ${page} of ${pages}`}</span>
      {page < pages ? <Link to={hrefFor(page + 1)} rel="next">Next →</Link> : <span />}
    </nav>
  )
}
