import type QRCode from 'qrcode'
import { Secret, TOTP } from 'otpauth'
import { lazyModule } from '#app/lib/lazy-module.server.ts'

const qrcode = lazyModule<typeof QRCode>('qrcode')

export const TOTP_ISSUER = 'BrokerVault'
export const TOTP_PERIOD_SECONDS = 30
export const TOTP_DIGITS = 6
/** Codes one step before or after the current one are accepted (clock drift). */
export const TOTP_DRIFT_STEPS = 1
/** 160 bits, the size RFC 4226 recommends: 32 base32 characters. */
const SECRET_BYTES = 20

export const TOTP_CODE_PATTERN = /^\d{6}$/

const totpFor = (base32: string, label = '') =>
  new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(base32) })

export function generateTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(base32: string, email: string): string {
  return totpFor(base32, email).toString()
}

/** The secret as a person types it: groups of four. */
export function groupSecret(base32: string): string {
  return base32.match(/.{1,4}/g)?.join(' ') ?? base32
}

/** The QR code of the URI as an inline SVG, made on the server (no script, no request out). */
export function totpQrSvg(uri: string): Promise<string> {
  return qrcode().toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
}

/** The time step a code belongs to (within the drift window), or null when it is wrong. */
export function matchTotpStep(base32: string, code: string, now = Date.now()): number | null {
  if (!TOTP_CODE_PATTERN.test(code)) return null
  const delta = totpFor(base32).validate({ token: code, timestamp: now, window: TOTP_DRIFT_STEPS })
  if (delta === null) return null
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta
}
