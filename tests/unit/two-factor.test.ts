import { Secret, TOTP } from 'otpauth'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { generateRecoveryCodes, hashRecoveryCode, normaliseRecoveryCode, RECOVERY_CODE_COUNT } from '#app/modules/two-factor/recovery-codes.server.ts'
import { generateTotpSecret, groupSecret, matchTotpStep, totpUri } from '#app/modules/two-factor/totp.server.ts'

const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp })

describe('TOTP', () => {
  const secret = generateTotpSecret()
  const now = Date.UTC(2026, 0, 1, 12, 0, 15)
  const step = Math.floor(now / 30_000)

  it('accepts the current step and one either side, naming the step; refuses two away and malformed codes', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(matchTotpStep(secret, codeAt(secret, now), now)).toBe(step)
    expect(matchTotpStep(secret, codeAt(secret, now - 30_000), now)).toBe(step - 1)
    expect(matchTotpStep(secret, codeAt(secret, now + 30_000), now)).toBe(step + 1)
    for (const far of [now - 60_000, now + 60_000]) {
      const code = codeAt(secret, far)
      // A code of another step can collide with a nearby one (1 in 10^6): skip only then.
      if ([-1, 0, 1].some((d) => codeAt(secret, now + d * 30_000) === code)) continue
      expect(matchTotpStep(secret, code, now)).toBeNull()
    }
    for (const bad of ['', '12345', '1234567', 'abcdef', ' 123456']) expect(matchTotpStep(secret, bad, now)).toBeNull()
  })

  it('names issuer and account in the URI and groups the key by four', () => {
    expect(totpUri(secret, 'ana@example.com')).toMatch(/^otpauth:\/\/totp\/BrokerVault:ana%40example\.com\?issuer=BrokerVault&secret=[A-Z2-7]{32}&algorithm=SHA1&digits=6&period=30$/)
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ')
  })
})

describe('recovery codes', () => {
  it('makes ten distinct codes that normalise however they are typed', () => {
    const codes = generateRecoveryCodes()
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT)
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT)
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    const [code = ''] = codes
    const stored = normaliseRecoveryCode(code)
    expect(normaliseRecoveryCode(code.toUpperCase().replace('-', ' '))).toBe(stored)
    expect(hashRecoveryCode(stored!)).toMatch(/^[0-9a-f]{64}$/)
    for (const bad of ['', 'abcde', 'abcde-fghjk-x', 'abcde-fghj1']) expect(normaliseRecoveryCode(bad)).toBeNull()
  })
})

describe('the secret box', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.resetModules()
  })

  async function boxWith(sessionSecret: string) {
    vi.resetModules()
    vi.stubEnv('SESSION_SECRET', sessionSecret)
    return import('#app/modules/two-factor/secret-box.server.ts')
  }

  it('seals with AES-GCM (random IV, tamper-evident) and opens after SESSION_SECRET is rotated, not after it is dropped', async () => {
    const first = await boxWith('first-secret-0123456789')
    const sealed = first.encryptSecret('JBSWY3DPEHPK3PXP')
    expect(sealed).toMatch(/^v1\./)
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP')
    expect(first.encryptSecret('JBSWY3DPEHPK3PXP')).not.toBe(sealed)
    expect(first.decryptSecret(sealed)).toBe('JBSWY3DPEHPK3PXP')
    const [version, iv, tag, body = ''] = sealed.split('.')
    const flipped = `${version}.${iv}.${tag}.${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`
    expect(first.decryptSecret(flipped)).toBeNull()

    const rotated = await boxWith('second-secret-0123456789,first-secret-0123456789')
    expect(rotated.decryptSecret(sealed)).toBe('JBSWY3DPEHPK3PXP')
    const dropped = await boxWith('second-secret-0123456789')
    expect(dropped.decryptSecret(sealed)).toBeNull()
  })
})
