import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { SignInSchema } from './schemas.ts'
import { verifyCredentials } from './accounts.server.ts'

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid login credentials'

export class InvalidCredentialsError extends Error {
  constructor() {
    super(INVALID_CREDENTIALS_MESSAGE)
  }
}

/** remix-auth with the e-mail + password form strategy; it resolves to the user id. */
export const authenticator = new Authenticator<string>()

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = SignInSchema.safeParse(Object.fromEntries(form))
    if (!parsed.success) throw new InvalidCredentialsError()
    const userId = await verifyCredentials(parsed.data.email, parsed.data.password)
    if (!userId) throw new InvalidCredentialsError()
    return userId
  }),
  'email-password',
)
