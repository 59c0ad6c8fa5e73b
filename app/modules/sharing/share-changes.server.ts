import { onOwnWriteNotice } from '#db/change-notifications.server.ts'
import { listenForChanges } from '#db/client.server.ts'
import type { ChangeSubscription } from '#db/change-notifications.server.ts'

/*
 * What this server has heard about changes to share pages (migration 0018), so that a page
 * kept in memory can be served without asking the database (docs/decisions/024-share-pages-without-a-query.md).
 *
 * - A commit's NOTIFY '<owner> <txid>' reaches every listening server: the owner's pages go.
 * - This server's own writes also send a NOTICE at once, before their commit: until that
 *   transaction's NOTIFY arrives the owner is "unsettled" and their pages are checked against
 *   the database on every request, so a change made here shows on the very next request.
 * - While the LISTEN connection is down nothing is trusted; when it is back, everything kept
 *   before is forgotten (whatever changed in between was not heard).
 */

const CHANNEL = 'share_content'
const NOTICE_PREFIX = `${CHANNEL} `
// A transaction that announced a change and never committed (rolled back) stops holding its
// owner unsettled after this long.
const UNSETTLED_MAX_MS = 30_000
const REMEMBERED_OWNERS_MAX = 10_000
const REMEMBERED_COMMITS_MAX = 1_000

type Forget = (ownerId: string | null) => void

let subscription: ChangeSubscription | null = null
let stopNotices: (() => void) | null = null
let listening = false
const forgetters = new Set<Forget>()

// A tick per change heard. A page rendered from a mark may be kept only if no change of its
// owner was heard after the mark.
let tick = 0
let forgottenBefore = 0
const lastChangeOf = new Map<string, number>()
const unsettled = new Map<string, Map<string, number>>()
// Commits whose NOTIFY came in before their own NOTICE was read (both arrive at once).
const committed = new Set<string>()

function parse(payload: string) {
  const [ownerId, txid] = payload.split(' ')
  return ownerId && txid ? { ownerId, txid } : null
}

function changed(ownerId: string) {
  if (lastChangeOf.size >= REMEMBERED_OWNERS_MAX) {
    lastChangeOf.clear()
    forgottenBefore = tick + 1
  }
  lastChangeOf.set(ownerId, ++tick)
  for (const forget of forgetters) forget(ownerId)
}

function onCommit(payload: string) {
  const change = parse(payload)
  if (!change) return
  const key = `${change.ownerId} ${change.txid}`
  const waiting = unsettled.get(change.ownerId)
  if (waiting?.delete(change.txid)) {
    if (waiting.size === 0) unsettled.delete(change.ownerId)
  } else {
    if (committed.size >= REMEMBERED_COMMITS_MAX) committed.clear()
    committed.add(key)
  }
  changed(change.ownerId)
}

function onOwnWrite(message: string) {
  if (!message.startsWith(NOTICE_PREFIX)) return
  const change = parse(message.slice(NOTICE_PREFIX.length))
  if (!change) return
  if (!committed.delete(`${change.ownerId} ${change.txid}`)) {
    const waiting = unsettled.get(change.ownerId) ?? new Map<string, number>()
    waiting.set(change.txid, Date.now())
    unsettled.set(change.ownerId, waiting)
  }
  changed(change.ownerId)
}

function forgetEverything() {
  forgottenBefore = ++tick
  lastChangeOf.clear()
  committed.clear()
  for (const forget of forgetters) forget(null)
}

function isSettled(ownerId: string) {
  const waiting = unsettled.get(ownerId)
  if (!waiting) return true
  const oldest = Date.now() - UNSETTLED_MAX_MS
  for (const [txid, since] of waiting) if (since < oldest) waiting.delete(txid)
  if (waiting.size > 0) return false
  unsettled.delete(ownerId)
  return true
}

/**
 * Starts hearing share changes (once per database connection); `forget` is called with an
 * owner whose pages changed, or null when everything kept so far is unknown.
 */
export function hearShareChanges(forget: Forget) {
  forgetters.add(forget)
  if (subscription) return
  stopNotices ??= onOwnWriteNotice(onOwnWrite)
  subscription = listenForChanges(CHANNEL, {
    onChange: onCommit,
    onListening: () => {
      forgetEverything()
      listening = true
    },
    onDeaf: (final) => {
      listening = false
      // Closed with the database: the next page kept listens on the new connection.
      if (final) subscription = null
    },
  })
}

/** Where this server stands before it reads a page's content: pass it to `mayTrust` after. */
export const changeMark = () => tick

/**
 * A page of this owner read after `mark` stays current until a change of the owner is heard:
 * this server hears changes, heard none of the owner's since the mark, and none of its own
 * writes for the owner is still committing.
 */
export function mayTrust(ownerId: string, mark: number) {
  return listening && (lastChangeOf.get(ownerId) ?? forgottenBefore) <= mark && isSettled(ownerId)
}

/** A kept page of this owner may be served without asking the database. */
export function mayServeUnasked(ownerId: string) {
  return listening && isSettled(ownerId)
}
