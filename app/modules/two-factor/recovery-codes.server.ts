import { createHash, randomInt } from 'node:crypto'

export const RECOVERY_CODE_COUNT = 10
/** No 0/o, 1/l/i: codes are read off paper. 10 characters of 31 ≈ 49 bits each. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const CODE_LENGTH = 10

/** Ten new codes as shown to the broker: "abcde-fghjk". */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
    return `${chars.slice(0, 5)}-${chars.slice(5)}`
  })
}

/** What a broker types, however spaced or cased, as the stored form; null when it cannot be a code. */
export function normaliseRecoveryCode(input: string): string | null {
  const compact = input.toLowerCase().replace(/[\s-]/g, '')
  return compact.length === CODE_LENGTH && [...compact].every((c) => ALPHABET.includes(c)) ? compact : null
}

/**
 * SHA-256 is enough here (not a slow password hash): each code is ~49 random bits, works
 * once, and guessing is rate-limited; a slow hash would only make sign-in slower.
 */
export const hashRecoveryCode = (normalised: string) => createHash('sha256').update(normalised).digest('hex')
