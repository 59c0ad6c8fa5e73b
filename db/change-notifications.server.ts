import type { PGlite } from '@electric-sql/pglite'
import postgres from 'postgres'

/*
 * Change announcements from the database (migration 0018): NOTIFY at commit to every listening
 * connection, and a NOTICE at once to the writing connection. A server keeps things in memory
 * only while it hears them; these are the two ears.
 */

export type ChangeHandlers = {
  /** A committed change, with its payload. */
  onChange: (payload: string) => void
  /** Hearing again after a start or a lost connection: whatever was missed in between is unknown. */
  onListening: () => void
  /**
   * Not hearing any more: memory cannot be trusted. `final` when the subscription is closed
   * (with the database); otherwise the connection dropped and is being re-opened.
   */
  onDeaf: (final: boolean) => void
}

export type ChangeSubscription = { close: () => Promise<void> }

// The app's own connections ask for the NOTICE (a startup setting the triggers read).
export const CHANGE_NOTICES_SETTING = { 'brokervault.change_notices': 'on' }

type NoticeHandler = (message: string) => void
// On globalThis like the database handle: the app bundle and test code share one registry.
const globalStore = globalThis as typeof globalThis & { __brokervaultNoticeHandlers?: Set<NoticeHandler> }
const noticeHandlers = (globalStore.__brokervaultNoticeHandlers ??= new Set())

/** Called for every NOTICE on the app's pooled connections (postgres.js's onnotice). */
export function routeNotice(notice: { message?: string }) {
  if (!notice.message) return
  for (const handler of noticeHandlers) handler(notice.message)
}

/** Hears the NOTICEs of this process's own writes; returns the way to stop. */
export function onOwnWriteNotice(handler: NoticeHandler): () => void {
  noticeHandlers.add(handler)
  return () => noticeHandlers.delete(handler)
}

/** The application_name of this process's LISTEN connection. */
export const listenerName = () => `brokervault-listen-${process.pid}`

const RETRY_MIN_MS = 250
const RETRY_MAX_MS = 10_000

/**
 * LISTEN on a connection of its own that is re-opened, with growing pauses, whenever it drops.
 * postgres.js's own `listen` re-listens too, but says nothing while it is deaf.
 */
export function listenOnServer(url: string, channel: string, handlers: ChangeHandlers): ChangeSubscription {
  let closed = false
  let current: postgres.Sql | null = null
  let retryTimer: NodeJS.Timeout | undefined
  let pause = RETRY_MIN_MS

  const retry = () => {
    if (closed || retryTimer) return
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      void open()
    }, pause)
    pause = Math.min(pause * 2, RETRY_MAX_MS)
  }

  const open = async () => {
    const options: postgres.Options<Record<string, never>> & { onnotify: (name: string, payload: string) => void } = {
      max: 1,
      idle_timeout: 0,
      max_lifetime: null,
      connect_timeout: 5,
      fetch_types: false,
      // Names this process's listener among the server's connections (operators, tests).
      connection: { application_name: listenerName() },
      onnotice: () => {},
      onnotify: (name, payload) => {
        if (name === channel && current === client) handlers.onChange(payload)
      },
      onclose: () => {
        if (current !== client) return
        current = null
        handlers.onDeaf(false)
        void client.end({ timeout: 0 })
        retry()
      },
    }
    // onnotify is postgres.js's own hook under its `listen` (parseOptions keeps it), missing from its types.
    const client: postgres.Sql = postgres(url, options)
    try {
      await client.unsafe(`listen ${channel}`)
    } catch {
      void client.end({ timeout: 0 })
      retry()
      return
    }
    if (closed) return void client.end({ timeout: 0 })
    current = client
    pause = RETRY_MIN_MS
    handlers.onListening()
  }

  void open()
  return {
    close: async () => {
      closed = true
      clearTimeout(retryTimer)
      const client = current
      current = null
      handlers.onDeaf(true)
      await client?.end({ timeout: 1 })
    },
  }
}

/**
 * LISTEN on the embedded database. Its one connection carries a commit's NOTIFY before the
 * writer's own await returns, so nothing is ever missed and no NOTICE is needed.
 */
export function listenOnEmbedded(client: PGlite, channel: string, handlers: ChangeHandlers): ChangeSubscription {
  let closed = false
  const unlisten = client.listen(channel, (payload) => {
    if (!closed) handlers.onChange(payload)
  })
  void unlisten.then(
    () => closed || handlers.onListening(),
    () => handlers.onDeaf(true),
  )
  return {
    close: async () => {
      closed = true
      handlers.onDeaf(true)
      // Closing with the database, which may be closed already: nothing left to stop then.
      const stop = await unlisten.catch(() => null)
      await stop?.().catch(() => {})
    },
  }
}
