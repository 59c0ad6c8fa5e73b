import { redirect } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { updateNavState } from '#app/http/nav-state.server.ts'
import { endSession } from '#app/http/session.server.ts'
import type { Route } from './+types/logout'
import { logger } from '#app/lib/logger.server.ts'

export const LOGOUT_MESSAGE = 'Logged out successfully'
export const LOGOUT_FALLBACK_MESSAGE = 'Logout encountered an issue, but you have been signed out locally'

// Signing out changes state, so it is a POST; a stray GET just goes home.
export function loader() {
  throw redirect('/')
}

export async function action({ context }: Route.ActionArgs) {
  updateNavState(context, (s) => ({ ...s, authRedirectPath: null, redirectAfterUpgrade: null, trialExpired: false }))
  try {
    await endSession(context)
    setFlash(context, { kind: 'success', message: LOGOUT_MESSAGE })
  } catch (error) {
    logger.error({ err: error }, 'Logout failed')
    setFlash(context, { kind: 'info', message: LOGOUT_FALLBACK_MESSAGE })
  }
  throw redirect('/auth')
}
