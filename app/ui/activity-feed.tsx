import { Link, useSearchParams } from 'react-router'

// The same name as FEED_CURSOR_PARAM in modules/activity/feed.server.ts (a server-only module).
const CURSOR_PARAM = 'before'
const FEED_ANCHOR = 'activity'

export type ActivityFeedItem = {
  id: string
  kind: string
  summary: string
  createdAt: Date | string
  href: string | null
  /** A client's comment, already shortened by the server, and who wrote it. */
  quote?: { author: string; text: string } | null
}

// A fixed time zone: the server and the browser render the same text (no hydration mismatch).
const DATE_TIME = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

/** A moment as "Nov 21, 2025, 7:21 AM UTC", machine-readable in `dateTime`. */
export function Timestamp({ value }: { value: Date | string }) {
  const date = new Date(value)
  return (
    <time dateTime={date.toISOString()} className="text-muted">
      {`${DATE_TIME.format(date)} UTC`}
    </time>
  )
}

/** `basePath` with the cursor set (or removed), keeping its other query parameters. */
function feedHref(basePath: string, cursor: string | null) {
  const url = new URL(basePath, 'http://internal.invalid')
  if (cursor) url.searchParams.set(CURSOR_PARAM, cursor)
  else url.searchParams.delete(CURSOR_PARAM)
  return `${url.pathname}${url.search}#${FEED_ANCHOR}`
}

/**
 * A page of the activity log with plain links to older entries (and back to the newest), so it
 * pages without JavaScript. Feed it `listActivity(...)` from the loader: `{ items, nextCursor }`.
 */
export function ActivityFeed({
  items,
  nextCursor,
  basePath,
  title = 'Recent activity',
}: {
  items: readonly ActivityFeedItem[]
  nextCursor: string | null
  /** The page the feed is on, e.g. "/home" or `/client/${id}`; the links add `?before=…`. */
  basePath: string
  title?: string
}) {
  const [searchParams] = useSearchParams()
  const onOlderPage = searchParams.has(CURSOR_PARAM)
  return (
    <section id={FEED_ANCHOR} aria-labelledby={`${FEED_ANCHOR}-title`} className="rounded-xl border border-line bg-surface p-4">
      <h2 id={`${FEED_ANCHOR}-title`} className="mb-2 font-semibold">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-muted">{onOlderPage ? 'No older activity.' : 'Nothing has happened here yet.'}</p>
      ) : (
        <ol className="space-y-2 text-sm">
          {items.map((item) => (
            <li key={item.id} data-kind={item.kind}>
              {item.href ? <Link to={item.href}>{item.summary}</Link> : <span>{item.summary}</span>}
              {item.quote ? (
                <figure className="mt-1 border-l-2 border-line pl-2">
                  <blockquote className="italic">{`“${item.quote.text}”`}</blockquote>
                  <figcaption className="text-xs text-muted">{`— ${item.quote.author}`}</figcaption>
                </figure>
              ) : null}
              <span className="block text-xs">
                <Timestamp value={item.createdAt} />
              </span>
            </li>
          ))}
        </ol>
      )}
      {onOlderPage || nextCursor ? (
        <nav aria-label="Activity pages" className="mt-3 flex justify-between text-sm">
          {onOlderPage ? <Link to={feedHref(basePath, null)}>← Newest</Link> : <span />}
          {nextCursor ? (
            <Link to={feedHref(basePath, nextCursor)} rel="next">
              Older →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  )
}
