import { z } from 'zod'

export const LISTING_NOTE_MAX_LENGTH = 1000
/** A shortlist is something a client reads on a phone: past this it stops being short. */
export const MAX_LISTING_ITEMS = 50

const propertyId = z.string({ error: 'Choose a property.' })

/** The forms of /client/{id}/edit-listing, one schema per intent (an unknown intent is a 400). */
export const ListingItemSchema = z.object({ propertyId })
export const ListingNoteSchema = z.object({
  propertyId,
  note: z
    .string()
    .trim()
    .max(LISTING_NOTE_MAX_LENGTH, `Keep the note to ${LISTING_NOTE_MAX_LENGTH} characters or fewer.`)
    .default(''),
})

export const LISTING_INTENTS = ['add', 'remove', 'move-up', 'move-down', 'note'] as const
export type ListingIntent = (typeof LISTING_INTENTS)[number]
export const isListingIntent = (value: unknown): value is ListingIntent =>
  typeof value === 'string' && (LISTING_INTENTS as readonly string[]).includes(value)
