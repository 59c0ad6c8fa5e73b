import { z } from 'zod'

export const LISTING_NOTE_MAX_LENGTH = 1000
/** A shortlist is something a client reads on a phone: past this it stops being short. */
export const MAX_LISTING_ITEMS = 50

const propertyId = z.string({ error: 'Choose a property.' })

/** The note form of /client/{id}/edit-listing (the route's union adds the other intents). */
export const ListingNoteSchema = z.object({
  propertyId,
  note: z
    .string()
    .trim()
    .max(LISTING_NOTE_MAX_LENGTH, `Keep the note to ${LISTING_NOTE_MAX_LENGTH} characters or fewer.`)
    .default(''),
})
