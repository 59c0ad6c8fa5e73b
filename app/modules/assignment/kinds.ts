/*
 * What can be assigned to a member and shared with named colleagues (issue 26;
 * docs/decisions/034-agencies-and-tenancy.md). Properties are the agency's stock, seen by every
 * member: assigned, never shared. A client's shortlist is shared with its client.
 */

export const ASSIGNABLE_KINDS = ['property', 'client', 'deal', 'viewing', 'task'] as const
export type AssignableKind = (typeof ASSIGNABLE_KINDS)[number]

export const SHAREABLE_KINDS = ['client', 'deal', 'viewing', 'task'] as const
export type ShareableKind = (typeof SHAREABLE_KINDS)[number]

export const isShareable = (kind: AssignableKind): kind is ShareableKind => (SHAREABLE_KINDS as readonly string[]).includes(kind)

/** Singular and plural, for messages ("Assigned 3 properties to Ana Silva."). */
export const KIND_NOUNS: Record<AssignableKind, [string, string]> = {
  property: ['property', 'properties'],
  client: ['client', 'clients'],
  deal: ['deal', 'deals'],
  viewing: ['viewing', 'viewings'],
  task: ['task', 'tasks'],
}
