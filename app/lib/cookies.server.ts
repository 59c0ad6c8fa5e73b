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
