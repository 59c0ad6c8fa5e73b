/** What the property form starts with: text and lists, as the browser would send them. */
export type PropertyFormDefaults = Record<string, string | string[] | undefined>

type PropertyLike = Record<string, unknown> & { tags: string[]; features: string[]; furnished: boolean | null }

/** A stored property as the form's default values (strings, lists, yes/no). */
export function toFormDefaults(property: PropertyLike): PropertyFormDefaults {
  const defaults: PropertyFormDefaults = {}
  for (const [key, value] of Object.entries(property)) {
    if (value === null || value === undefined) continue
    if (typeof value === 'string' || typeof value === 'number') defaults[key] = String(value)
  }
  defaults.tags = property.tags.join(', ')
  defaults.features = property.features
  defaults.furnished = property.furnished === null ? undefined : property.furnished ? 'yes' : 'no'
  return defaults
}
