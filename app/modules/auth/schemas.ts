import { z } from 'zod'

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'))
const password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(200, 'Password is too long')

export const SignInSchema = z.object({
  intent: z.literal('signin'),
  email,
  password,
})

export const SignUpSchema = z.object({
  intent: z.literal('signup'),
  fullName: z
    .string({ error: 'Full Name is required' })
    .trim()
    .min(1, 'Full Name is required')
    .max(120, 'Full Name is too long'),
  email,
  password,
})

export const AuthFormSchema = z.discriminatedUnion('intent', [SignInSchema, SignUpSchema])

export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password').max(200),
    newPassword: z.string({ error: 'Enter a new password' }).min(1, 'Enter a new password').max(200, 'Password is too long'),
    confirmPassword: z.string({ error: 'Repeat the new password' }).min(1, 'Repeat the new password').max(200),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'The two new passwords differ' })

export const ForgotPasswordSchema = z.object({ email })

/** The new password twice; its strength is checked on the server by the sign-up rules. */
export const ResetPasswordSchema = z
  .object({
    newPassword: z.string({ error: 'Enter a new password' }).min(1, 'Enter a new password').max(200, 'Password is too long'),
    confirmPassword: z.string({ error: 'Repeat the new password' }).min(1, 'Repeat the new password').max(200),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'The two new passwords differ' })

/** The word a broker types to confirm deleting the account. */
export const DELETE_CONFIRMATION_WORD = 'DELETE'

export const DeleteAccountSchema = z.object({
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(200, 'Password is too long'),
  confirmation: z
    .string({ error: `Type ${DELETE_CONFIRMATION_WORD} to confirm` })
    .trim()
    .refine((value) => value === DELETE_CONFIRMATION_WORD, { message: `Type ${DELETE_CONFIRMATION_WORD}, in capital letters, to confirm` }),
})
