/** Days a deleted property, client, photo or document stays in the trash. */
export const TRASH_DAYS = 30

/** What can be in the trash. */
export const TRASH_KINDS = ['property', 'client', 'photo', 'document'] as const
export type TrashKind = (typeof TRASH_KINDS)[number]
