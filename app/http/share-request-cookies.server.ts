import { appCookie } from '#app/lib/cookies.server.ts'
import { VISITOR_COOKIE_NAME } from '#app/modules/sharing/share-views.server.ts'
import { isSessionToken } from '#app/modules/session/sessions.server.ts'

/*
 * Which cookies leave a share page the same page (docs/decisions/027-share-links-as-people-open-them.md).
 * The page shows the link's content and nothing of the person looking, except the theme the
 * document is drawn in. So a request may be answered from memory when its cookies are only:
 * the visitor's id, a broker's session (a broker previewing their own link), the navigation
 * state while it carries no flag a share page would clear, and the theme (a variant of the page).
 * A toast after feedback (flash), a two-factor step or anything unknown is rendered as before.
 */

export type ShareCookies = {
  /** The page variant: the theme the document is drawn in. */
  theme: 'system' | 'light' | 'dark'
  /** A signed-in broker's session token (resolved off the answer path when the view is counted). */
  sessionToken: string | null
}

const MEMO_MAX = 20_000
// Signed values verified once per process: each verification is an HMAC, and the same cookie
// comes back on every request of the same browser.
const verified = new Map<string, unknown>()

async function verifiedValue(name: string, raw: string): Promise<unknown> {
  const key = `${name}=${raw}`
  if (verified.has(key)) return verified.get(key)
  const value = await appCookie(name).parse(key)
  if (verified.size >= MEMO_MAX) verified.clear()
  verified.set(key, value)
  return value
}

function cookiePairs(cookieHeader: string | null): Map<string, string> | null {
  const pairs = new Map<string, string>()
  if (!cookieHeader) return pairs
  for (const pair of cookieHeader.split(';')) {
    const at = pair.indexOf('=')
    if (at < 0) continue
    const name = pair.slice(0, at).trim()
    if (!name) continue
    // The same cookie twice: which one the app would read is not ours to guess.
    if (pairs.has(name)) return null
    pairs.set(name, pair.slice(at + 1).trim())
  }
  return pairs
}

const NAV_FLAGS = ['trialExpired', 'networkError'] as const

/** The cookies of a request whose share page is the kept one, or null when it must be rendered. */
export async function shareCookiesOf(cookieHeader: string | null): Promise<ShareCookies | null> {
  const pairs = cookiePairs(cookieHeader)
  if (!pairs) return null
  const result: ShareCookies = { theme: 'system', sessionToken: null }
  for (const [name, raw] of pairs) {
    if (name === VISITOR_COOKIE_NAME) continue
    if (name === 'bv_theme') {
      const theme = await verifiedValue(name, raw)
      if (theme === 'light' || theme === 'dark' || theme === 'system') result.theme = theme
      continue
    }
    if (name === 'bv_session') {
      const token = await verifiedValue(name, raw)
      if (!isSessionToken(token)) return null
      result.sessionToken = token
      continue
    }
    if (name === 'bv_nav') {
      const nav = await verifiedValue(name, raw)
      // A flag the share route would clear (and answer with a cookie): render it.
      if (nav && typeof nav === 'object' && NAV_FLAGS.some((flag) => (nav as Record<string, unknown>)[flag] === true)) return null
      continue
    }
    return null
  }
  return result
}
