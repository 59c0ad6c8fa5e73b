import { createHmac } from 'node:crypto'
import { createCookie, type Cookie } from 'react-router'
import { getEnv } from './env.server.ts'
import { logger } from './logger.server.ts'

const cookies = new Map<string, Cookie>()

/**
 * Signed, http-only, SameSite=Lax cookies. Secure in production, except on a plain-http
 * non-local APP_URL where a browser would drop a Secure cookie (a warning is logged then).
 */
export function appCookie(name: string, maxAgeSeconds?: number): Cookie {
  const key = `${name}:${maxAgeSeconds ?? 'session'}`
  let cookie = cookies.get(key)
  if (!cookie) {
    const env = getEnv()
    cookie = createCookie(name, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: shouldUseSecureCookies(env.APP_URL, env.isProduction),
      secrets: env.SESSION_SECRETS,
      ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}),
    })
    cookies.set(key, cookie)
  }
  return cookie
}

let warned = false
function shouldUseSecureCookies(appUrl: string, isProduction: boolean) {
  if (!isProduction) return false
  const url = new URL(appUrl)
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
  if (url.protocol === 'https:' || local) return true
  if (!warned) {
    warned = true
    logger.warn({ appUrl }, 'APP_URL is plain http: cookies are sent without Secure. Serve over https.')
  }
  return false
}

const attributesOf = new Map<string, Promise<string>>()

/**
 * The Set-Cookie header `appCookie(name, maxAgeSeconds).serialize(value)` writes for a string
 * value, made with Node's HMAC instead of WebCrypto: the same bytes (encoded value, signature with
 * the first secret, attributes), so `parse` reads it as its own, at about a twentieth of the cost.
 * For cookies set on hot paths (a share page's first visitor: React Router's signing was most of
 * the cost of answering one). The attributes hold no date (Max-Age, not Expires), so React
 * Router's are taken once from a serialized sample and reused.
 */
export async function fastSignedCookieHeader(name: string, maxAgeSeconds: number, value: string): Promise<string> {
  const cookie = appCookie(name, maxAgeSeconds)
  const key = `${name}:${maxAgeSeconds}`
  let attributes = attributesOf.get(key)
  if (!attributes) {
    attributes = cookie.serialize('sample').then((header) => header.slice(header.indexOf(';')))
    attributesOf.set(key, attributes)
  }
  // React Router's encoding: base64 of the JSON text (btoa of its UTF-8), then `.` and the
  // base64 HMAC-SHA256 of that with the first secret, trailing `=` removed; URI-encoded.
  const encoded = Buffer.from(JSON.stringify(value), 'utf8').toString('base64')
  const [secret = ''] = getEnv().SESSION_SECRETS
  const signature = createHmac('sha256', secret).update(encoded).digest('base64').replace(/=+$/, '')
  return `${name}=${encodeURIComponent(`${encoded}.${signature}`)}${await attributes}`
}
