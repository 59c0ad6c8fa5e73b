export const MIN_PASSWORD_LENGTH = 8

export type PasswordCheck = (password: string, email: string) => string | null

/**
 * Every reason a password is refused, in a stable order, so the sign-up form can list them all
 * at once. `isCommon` is injected: the dictionary is large and lives on the server.
 */
export function getPasswordProblems(
  password: string,
  email: string,
  isCommon: (password: string) => boolean,
): string[] {
  const problems: string[] = []
  if (password.length < MIN_PASSWORD_LENGTH) {
    problems.push(`Use at least ${MIN_PASSWORD_LENGTH} characters.`)
  }
  if (isCommon(password)) problems.push('Choose a password that is not a common password.')
  const normalisedEmail = email.trim().toLowerCase()
  const lower = password.toLowerCase()
  if (normalisedEmail && (lower === normalisedEmail || lower === normalisedEmail.split('@')[0])) {
    problems.push('Do not use your e-mail address as the password.')
  }
  return problems
}
