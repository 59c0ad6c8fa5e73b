import { z } from 'zod'
import { parseQueryFields } from '#app/lib/query-fields.ts'
import { MAX_PAGE_SIZE } from '#app/modules/properties/catalog.ts'
import { parseTags } from '#app/modules/properties/schemas.ts'
import { CLIENT_KINDS, CLIENT_STAGES } from '#db/reference.ts'

export const CLIENTS_PAGE_SIZE = 25

const FILTER_FIELDS = {
  q: z.string().trim().max(200, 'Search text must be at most 200 characters').optional(),
  stage: z.enum(CLIENT_STAGES, { error: 'Unknown stage' }).optional(),
  kind: z.enum(CLIENT_KINDS, { error: 'Unknown kind' }).optional(),
  tags: z.string().max(600).optional().transform(parseTags),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).default(CLIENTS_PAGE_SIZE).transform((n) => Math.min(n, MAX_PAGE_SIZE)),
}
export type ClientFilters = { [K in keyof typeof FILTER_FIELDS]: z.output<(typeof FILTER_FIELDS)[K]> } & {
  /** Only these clients (a bulk export of ticked rows); not a list filter of its own. */
  ids?: readonly string[]
  /** Only those assigned to this member ("Mine", or a member an owner or admin picks); the route reads it. */
  assignedTo?: string
}

export function parseClientFilters(params: URLSearchParams) {
  const { values, errors } = parseQueryFields(FILTER_FIELDS, params)
  return { filters: values as ClientFilters, errors }
}
