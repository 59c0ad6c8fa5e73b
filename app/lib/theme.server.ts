import { z } from 'zod'
import { appCookie } from './cookies.server.ts'
import { DAY_MS } from './time.ts'

export const ThemeSchema = z.enum(['light', 'dark', 'system'])
export type Theme = z.infer<typeof ThemeSchema>

const themeCookie = () => appCookie('bv_theme', (365 * DAY_MS) / 1000)

/** No cookie → 'system': CSS follows prefers-color-scheme, so there is no flash of wrong theme. */
export async function getTheme(request: Request): Promise<Theme> {
  const parsed = ThemeSchema.safeParse(await themeCookie().parse(request.headers.get('Cookie')))
  return parsed.success ? parsed.data : 'system'
}

export function serializeTheme(theme: Theme) {
  return themeCookie().serialize(theme)
}
