import { Link, useSearchParams } from 'react-router'
import { useFormats, When } from './broker-formats.tsx'

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
        <FeedDays items={items} />
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

/**
 * The page's entries under one heading per day of the broker's zone ("Today", "Yesterday",
 * "Thu 26 Nov 2026"), each line with its time only: the day is said once, not under every line.
 */
function FeedDays({ items }: { items: readonly ActivityFeedItem[] }) {
  const formats = useFormats()
  const days: { date: string; items: ActivityFeedItem[] }[] = []
  for (const item of items) {
    const date = formats.localDate(item.createdAt)
    const last = days.at(-1)
    if (last?.date === date) last.items.push(item)
    else days.push({ date, items: [item] })
  }
  return (
    <div className="space-y-3">
      {days.map((day) => (
        <section key={day.date} aria-labelledby={`${FEED_ANCHOR}-${day.date}`}>
          <h3 id={`${FEED_ANCHOR}-${day.date}`} className="mb-1 text-xs font-semibold text-muted">
            {formats.dayHeading(day.date)}
          </h3>
          <ol className="space-y-2 text-sm">
            {day.items.map((item) => (
              <li key={item.id} data-kind={item.kind}>
                {item.href ? <Link to={item.href}>{item.summary}</Link> : <span>{item.summary}</span>}
                {item.quote ? (
                  <figure className="mt-1 border-l-2 border-line pl-2">
                    <blockquote className="italic">{`“${item.quote.text}”`}</blockquote>
                    <figcaption className="text-xs text-muted">{`— ${item.quote.author}`}</figcaption>
                  </figure>
                ) : null}
                <span className="block text-xs">
                  <When value={item.createdAt} only="time" />
                </span>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  )
}
