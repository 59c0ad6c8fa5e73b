/** What the client form starts with: text and lists, as the browser would send them. */
export type ClientFormDefaults = Record<string, string | string[] | undefined>

type ClientLike = Record<string, unknown> & {
  tags: string[]
  wantedPlaces: string[]
  wantedCategories: string[]
  wantedTypes: string[]
}

/** A stored client as the form's default values. */
export function toClientFormDefaults(client: ClientLike): ClientFormDefaults {
  const defaults: ClientFormDefaults = {}
  for (const [key, value] of Object.entries(client)) {
    if (typeof value === 'string' || typeof value === 'number') defaults[key] = String(value)
  }
  defaults.tags = client.tags.join(', ')
  defaults.wantedPlaces = client.wantedPlaces.join(', ')
  defaults.wantedCategories = client.wantedCategories
  defaults.wantedTypes = client.wantedTypes
  return defaults
}
