const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids in URLs and forms are checked before they reach a query: a malformed one is "not found". */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value)
}

/**
 * A selection in a URL ("ids=uuid,uuid"): the ids, or null when one is malformed or there are
 * more than `max` (a bulk export's address stays short).
 */
export function parseIdList(raw: string, max: number): string[] | null {
  const ids = [...new Set(raw.split(',').map((id) => id.trim()).filter(Boolean))]
  if (ids.length === 0 || ids.length > max || !ids.every(isUuid)) return null
  return ids
}
