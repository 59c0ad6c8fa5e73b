import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { getEnv } from '#app/lib/env.server.ts'

/**
 * Encryption at rest for two-factor secrets (docs/decisions/017-two-factor.md): AES-256-GCM
 * with a key derived by HKDF-SHA256 from SESSION_SECRET, so a copy of the database alone
 * cannot produce codes. The first session secret encrypts and every one decrypts, so rotating
 * SESSION_SECRET the usual way (prepend the new one) keeps existing authenticators working.
 */
const VERSION = 'v1'
const IV_BYTES = 12
const HKDF_SALT = 'brokervault'
const HKDF_INFO = 'two-factor-secret-v1'

const keys = new Map<string, Buffer>()
function keyFor(secret: string) {
  let key = keys.get(secret)
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, HKDF_INFO, 32))
    keys.set(secret, key)
  }
  return key
}

export function encryptSecret(plain: string): string {
  const [secret] = getEnv().SESSION_SECRETS
  if (!secret) throw new Error('no session secret to derive the two-factor key from')
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret), iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [VERSION, iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.')
}

/** The plain text, or null when no session secret opens it (the secret was rotated away). */
export function decryptSecret(sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.')
  if (version !== VERSION || !iv || !tag || body === undefined) return null
  for (const secret of getEnv().SESSION_SECRETS) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
    } catch {
      // Not this key: try the next one.
    }
  }
  return null
}
