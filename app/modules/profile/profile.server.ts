import { eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { profiles } from '#db/schema.ts'
import type { ProfileInput } from './schemas.ts'

/** Scoped by the signed-in broker's id: a broker can only ever edit their own profile. */
export async function updateProfile(userId: string, input: ProfileInput) {
  await getDb()
    .update(profiles)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(profiles.id, userId))
}
