import { data, redirect } from 'react-router'
import { safeRedirectPath } from '#app/lib/safe-redirect.ts'
import { serializeTheme, ThemeSchema } from '#app/lib/theme.server.ts'
import type { Route } from './+types/theme'
import { readForm } from '#app/http/form-body.server.ts'

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request)
  const theme = ThemeSchema.safeParse(form.get('theme'))
  if (!theme.success) throw data('Choose light, dark or system.', { status: 400 })
  throw redirect(safeRedirectPath(form.get('redirectTo'), '/'), {
    headers: { 'Set-Cookie': await serializeTheme(theme.data) },
  })
}

export function loader() {
  throw redirect('/')
}
