import type { z } from 'zod'

/**
 * Parses GET filter fields one by one: an empty value means "not set", and a bad value is
 * dropped (falling back to the field's default) and reported under its name, so a list still
 * shows with the valid filters and the form can show the message next to the field.
 */
export function parseQueryFields<F extends Record<string, z.ZodType>>(fields: F, params: URLSearchParams) {
  const errors: Partial<Record<keyof F, string>> = {}
  const values = {} as { [K in keyof F]: z.output<F[K]> }
  for (const name of Object.keys(fields) as (keyof F & string)[]) {
    const raw = params.get(name)
    const field = fields[name] as F[typeof name]
    const parsed = field.safeParse(raw === null || raw.trim() === '' ? undefined : raw)
    if (parsed.success) {
      values[name] = parsed.data as z.output<F[typeof name]>
    } else {
      errors[name] = parsed.error.issues[0]?.message ?? 'Invalid value'
      values[name] = field.safeParse(undefined).data as z.output<F[typeof name]>
    }
  }
  return { values, errors }
}
