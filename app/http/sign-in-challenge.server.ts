import { appCookie } from '#app/lib/cookies.server.ts'
import { CHALLENGE_TTL_MS, isChallengeToken } from '#app/modules/two-factor/challenges.server.ts'

/**
 * The half-signed-in cookie (docs/decisions/017-two-factor.md): signed, http-only, as short-lived
 * as its challenge row. It is not a session: only /auth/two-factor reads it.
 */
const challengeCookie = () => appCookie('bv_2fa', CHALLENGE_TTL_MS / 1000)

export async function readChallengeToken(request: Request): Promise<string | null> {
  const value = await challengeCookie().parse(request.headers.get('Cookie'))
  return isChallengeToken(value) ? value : null
}

export function setChallengeCookie(token: string): Promise<string> {
  return challengeCookie().serialize(token)
}

export function clearChallengeCookie(): Promise<string> {
  return challengeCookie().serialize('', { maxAge: 0 })
}
