import { asc, eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { agencies, agencyMembers } from '#db/schema.ts'
import { userJoin } from '#app/modules/auth/accounts.server.ts'
import { profileJoin } from '#app/modules/profile/profile.server.ts'

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

export type AgencyPerson = { userId: string; role: 'owner' | 'admin' | 'agent'; email: string; name: string; phone: string | null; agencyName: string }

/**
 * The agency's members with what a lead's routing and a reply need (who they are, how to reach
 * them, in order of joining), read outside any scope: routing runs for the agency in the
 * background (docs/decisions/037-lead-routing-and-replies.md).
 */
export async function getAgencyPeople(agencyId: string): Promise<AgencyPerson[]> {
  const rows = await getDb()
    .select({
      userId: agencyMembers.userId,
      role: agencyMembers.role,
      email: userJoin.columns.email,
      fullName: profileJoin.columns.fullName,
      phone: profileJoin.columns.phone,
      agencyName: agencies.name,
      profileAgencyName: profileJoin.columns.agencyName,
    })
    .from(agencyMembers)
    .innerJoin(userJoin.table, userJoin.on(agencyMembers.userId))
    .innerJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
    .leftJoin(profileJoin.table, profileJoin.on(agencyMembers.userId))
    .where(eq(agencyMembers.agencyId, agencyId))
    .orderBy(asc(agencyMembers.joinedAt), asc(agencyMembers.userId))
  return rows.map((row) => ({
    userId: row.userId,
    role: row.role,
    email: row.email,
    name: row.fullName?.trim() || row.email,
    phone: row.phone ?? null,
    agencyName: row.agencyName.trim() || row.profileAgencyName?.trim() || '',
  }))
}
