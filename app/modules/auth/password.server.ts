import { hash, verify } from '@node-rs/argon2'

// argon2id (the library's default algorithm) with OWASP's minimum cost: 19 MiB, 2 passes.
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string) {
  return hash(password, ARGON2_OPTIONS)
}

let dummyHash: Promise<string> | undefined

/**
 * Verifies against the stored hash, or against a dummy hash when the account does not exist, so
 * an unknown e-mail takes as long as a wrong password and answers the same.
 */
export async function verifyPassword(password: string, storedHash: string | null): Promise<boolean> {
  dummyHash ??= hashPassword('dummy-password-for-timing')
  const target = storedHash ?? (await dummyHash)
  try {
    const ok = await verify(target, password)
    return ok && storedHash !== null
  } catch {
    return false
  }
}
