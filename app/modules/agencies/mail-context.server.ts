import { eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { agencies, agencyMembers } from '#db/schema.ts'
import { userJoin } from '#app/modules/auth/accounts.server.ts'

/**
 * What reading a mail for an agency needs to know about it (docs/decisions/035-leads-inbound-mail.md):
 * its phone (whose country code reads local numbers), its website (whose links name its
 * listings) and its members' addresses (a member who forwards an enquiry is not the person
 * enquiring). Read outside any scope: mail arrives for the agency, not for a member.
 */
export async function getAgencyMailContext(agencyId: string) {
  const [agency] = await getDb().select({ phone: agencies.phone, website: agencies.website }).from(agencies).where(eq(agencies.id, agencyId))
  if (!agency) return null
  const members = await getDb()
    .select({ email: userJoin.columns.email })
    .from(agencyMembers)
    .innerJoin(userJoin.table, userJoin.on(agencyMembers.userId))
    .where(eq(agencyMembers.agencyId, agencyId))
  return { phone: agency.phone, website: agency.website, memberEmails: members.map((member) => member.email.toLowerCase()) }
}
