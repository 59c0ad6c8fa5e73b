import { z } from 'zod'

/** The second step of signing in: six digits from the app, or a recovery code. */
export const TwoFactorSignInSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code or a recovery code' })
    .trim()
    .min(1, 'Enter the 6-digit code or a recovery code')
    .max(40, 'That code is too long'),
})

/** Confirming setup: a current code from the authenticator app. */
export const TwoFactorConfirmSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code from your app' })
    .trim()
    .min(1, 'Enter the 6-digit code from your app')
    .max(40, 'That code is too long'),
})

/** Protected actions (turn off, new recovery codes, sign out everywhere) ask for this again. */
export const PasswordOrCodeSchema = z.object({
  passwordOrCode: z
    .string({ error: 'Enter your password or a current code' })
    .min(1, 'Enter your password or a current code')
    .max(200, 'That is too long'),
})
