import { createContext } from 'react-router'

/** The caller's IP, set by the server adapter; rate limits key on it. */
export const clientAddressContext = createContext<string>('unknown')

/** Behind a proxy (TRUST_PROXY=1) the left-most X-Forwarded-For entry is the client. */
export function resolveClientAddress(request: Request, socketAddress: string | undefined, trustProxy: boolean) {
  if (trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  return socketAddress ?? 'unknown'
}
