import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { twoFactorChallenges, twoFactorRecoveryCodes, twoFactorSecrets } from '#db/schema.ts'
import { isAccountPassword } from '#app/modules/auth/accounts.server.ts'
import { generateRecoveryCodes, hashRecoveryCode, normaliseRecoveryCode } from './recovery-codes.server.ts'
import { decryptSecret, encryptSecret } from './secret-box.server.ts'
import type { TwoFactorStatus } from './status.ts'
import { generateTotpSecret, groupSecret, matchTotpStep, TOTP_CODE_PATTERN, totpQrSvg, totpUri } from './totp.server.ts'

export const WRONG_CODE_MESSAGE = 'That code is not right. Check your authenticator app and try again.'
export const WRONG_PASSWORD_OR_CODE_MESSAGE = 'Your password or code is not correct'

/** What /profile shows: off; setup started (QR code and typed secret); or on, with codes left. */
export async function getTwoFactorStatus(user: { id: string; email: string }): Promise<TwoFactorStatus> {
  const row = await findSecretRow(user.id)
  if (!row) return { state: 'off' }
  if (row.enabledAt) return { state: 'on', recoveryCodesLeft: await countRecoveryCodesLeft(user.id) }
  const secret = decryptSecret(row.secretEncrypted)
  // A pending secret sealed with a rotated-away key is useless: setup starts again.
  if (!secret) return { state: 'off' }
  return { state: 'pending', secret: groupSecret(secret), qrSvg: await totpQrSvg(totpUri(secret, user.email)) }
}

export async function isTwoFactorEnabled(userId: string): Promise<boolean> {
  return Boolean((await findSecretRow(userId))?.enabledAt)
}

/** Starts (or restarts) setup with a new pending secret; refused while two-factor is on. */
export async function startTwoFactorSetup(userId: string): Promise<{ ok: boolean }> {
  const secretEncrypted = encryptSecret(generateTotpSecret())
  const started = await getDb()
    .insert(twoFactorSecrets)
    .values({ userId, secretEncrypted })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { secretEncrypted, lastUsedStep: null, codesToShowEncrypted: null },
      // An authenticator already in use is never replaced by starting setup again.
      setWhere: isNull(twoFactorSecrets.enabledAt),
    })
    .returning({ userId: twoFactorSecrets.userId })
  return { ok: started.length > 0 }
}

export type ConfirmResult = { ok: true } | { ok: false; reason: 'no_setup' } | { ok: false; reason: 'wrong_code' }

/** Forgets a setup that was never confirmed (a pending secret only, never one in use). */
export async function cancelTwoFactorSetup(userId: string): Promise<void> {
  await getDb().delete(twoFactorSecrets).where(and(eq(twoFactorSecrets.userId, userId), isNull(twoFactorSecrets.enabledAt)))
}

/** A current code from the app turns the pending secret on, with ten new recovery codes. */
export async function confirmTwoFactorSetup(userId: string, code: string, now = Date.now()): Promise<ConfirmResult> {
  const row = await findSecretRow(userId)
  const secret = row && !row.enabledAt ? decryptSecret(row.secretEncrypted) : null
  if (!secret) return { ok: false, reason: 'no_setup' }
  const step = matchTotpStep(secret, code.trim(), now)
  if (step === null) return { ok: false, reason: 'wrong_code' }
  return getDb().transaction(async (tx): Promise<ConfirmResult> => {
    const [enabled] = await tx
      .update(twoFactorSecrets)
      .set({ enabledAt: new Date(now), lastUsedStep: step })
      .where(and(eq(twoFactorSecrets.userId, userId), isNull(twoFactorSecrets.enabledAt)))
      .returning({ userId: twoFactorSecrets.userId })
    if (!enabled) return { ok: false, reason: 'no_setup' }
    await replaceRecoveryCodes(tx, userId)
    return { ok: true }
  })
}

/** Ten new recovery codes; the old ones stop working. Refused (ok: false) when two-factor is off. */
export async function regenerateRecoveryCodes(userId: string): Promise<{ ok: boolean }> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ enabledAt: twoFactorSecrets.enabledAt })
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, userId))
      .for('update')
    if (!row?.enabledAt) return { ok: false }
    await replaceRecoveryCodes(tx, userId)
    return { ok: true }
  })
}

/** Turns two-factor off: the secret, the recovery codes and any half-finished sign-in go. */
export async function disableTwoFactor(userId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId))
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId))
    await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId))
  })
}

/**
 * The recovery codes made by the last confirm or regenerate, once: reading them clears them,
 * so they show on the page that follows and never again (only their hashes stay).
 */
export async function takeRecoveryCodesToShow(userId: string): Promise<string[] | null> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ sealed: twoFactorSecrets.codesToShowEncrypted })
      .from(twoFactorSecrets)
      .where(and(eq(twoFactorSecrets.userId, userId), isNotNull(twoFactorSecrets.codesToShowEncrypted)))
      .for('update')
    if (!row?.sealed) return null
    await tx.update(twoFactorSecrets).set({ codesToShowEncrypted: null }).where(eq(twoFactorSecrets.userId, userId))
    const plain = decryptSecret(row.sealed)
    return plain ? plain.split(',') : null
  })
}

/**
 * The second step of signing in: a current authenticator code, or an unused recovery code
 * (which is then spent). Each TOTP time step is accepted once per account.
 */
export async function verifySecondFactor(userId: string, input: string, now = Date.now()): Promise<'totp' | 'recovery' | null> {
  const code = input.trim().replace(/\s/g, '')
  if (TOTP_CODE_PATTERN.test(code)) return (await acceptTotp(userId, code, now)) ? 'totp' : null
  return (await spendRecoveryCode(userId, input)) ? 'recovery' : null
}

/**
 * A protected action's check: the account password, or (with two-factor on) a current
 * authenticator code. Passwords are at least 8 characters, so six digits are always a code.
 */
export async function checkPasswordOrCode(userId: string, input: string, now = Date.now()): Promise<boolean> {
  const code = input.trim().replace(/\s/g, '')
  if (TOTP_CODE_PATTERN.test(code) && (await isTwoFactorEnabled(userId))) return acceptTotp(userId, code, now)
  return isAccountPassword(userId, input)
}

async function acceptTotp(userId: string, code: string, now: number): Promise<boolean> {
  const row = await findSecretRow(userId)
  const secret = row?.enabledAt ? decryptSecret(row.secretEncrypted) : null
  if (!secret) return false
  const step = matchTotpStep(secret, code, now)
  if (step === null) return false
  // Remembering the step in the same statement that checks it: a replayed code (or two
  // requests racing with one code) finds the step already taken.
  const accepted = await getDb()
    .update(twoFactorSecrets)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoFactorSecrets.userId, userId),
        isNotNull(twoFactorSecrets.enabledAt),
        or(isNull(twoFactorSecrets.lastUsedStep), lt(twoFactorSecrets.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoFactorSecrets.userId })
  return accepted.length > 0
}

async function spendRecoveryCode(userId: string, input: string): Promise<boolean> {
  const normalised = normaliseRecoveryCode(input)
  if (!normalised) return false
  const spent = await getDb()
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(normalised)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id })
  return spent.length > 0
}

async function replaceRecoveryCodes(tx: Transaction, userId: string) {
  const codes = generateRecoveryCodes()
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId))
  await tx
    .insert(twoFactorRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(normaliseRecoveryCode(code) ?? code) })))
  await tx
    .update(twoFactorSecrets)
    .set({ codesToShowEncrypted: encryptSecret(codes.join(',')) })
    .where(eq(twoFactorSecrets.userId, userId))
}

async function countRecoveryCodesLeft(userId: string) {
  const [row] = await getDb()
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)))
  return Number(row?.n ?? 0)
}

async function findSecretRow(userId: string) {
  const [row] = await getDb()
    .select({ secretEncrypted: twoFactorSecrets.secretEncrypted, enabledAt: twoFactorSecrets.enabledAt })
    .from(twoFactorSecrets)
    .where(eq(twoFactorSecrets.userId, userId))
    .limit(1)
  return row ?? null
}
