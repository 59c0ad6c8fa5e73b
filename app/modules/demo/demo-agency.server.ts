import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Scope } from '#db/tenancy.server.ts'
import { getAgency, updateAgency } from '#app/modules/agencies/agency.server.ts'
import { acceptInvitation, createInvitation } from '#app/modules/agencies/invitations.server.ts'
import { roleIn, scopeOfMember } from '#app/modules/agencies/membership.server.ts'
import { findUserIdByEmail, signUp } from '#app/modules/auth/accounts.server.ts'
import { setLogo } from '#app/modules/media/logos.server.ts'
import { getPublicProfile, updateProfile } from '#app/modules/profile/profile.server.ts'
import { ProfileSchema } from '#app/modules/profile/schemas.ts'
import { DEMO_AGENCY, DEMO_COLLEAGUES, DEMO_OWNER_PHONE, DEMO_TIME_ZONE, type DemoMember } from './agency.ts'
import { renderDemoLogo } from './demo-logo.server.ts'

/** The scope of the member behind each demo role: each demo record is made as the member it is assigned to. */
export type DemoTeam = Record<DemoMember, Scope>

/**
 * Makes the demo broker's agency of one the demo agency (DEMO_AGENCY), as an owner would on
 * /agency: its details, a drawn logo through the logo upload, and two colleagues who join by
 * invitation (an admin and an agent, each with their own profile). Each step looks first and
 * does only what is missing, like the portfolio's. Returns who is who, and how many joined.
 */
export async function seedDemoAgency(scope: Scope): Promise<{ team: DemoTeam; joined: number }> {
  if (scope.role !== 'owner') throw new Error('Demo agency: the demo broker does not own the agency they work in')
  const ownerId = scope.memberId
  const agency = await getAgency(scope)
  if (!agency) throw new Error('Demo agency: the demo broker has no agency')
  if (!agency.name) await updateAgency(scope, DEMO_AGENCY)
  if (!agency.logoId) await uploadDemoLogo(scope)
  await completeProfile(ownerId, null, DEMO_OWNER_PHONE)

  const ids: Record<DemoMember, string> = { owner: ownerId, admin: '', agent: '' }
  let joined = 0
  for (const colleague of DEMO_COLLEAGUES) {
    const userId = (await findUserIdByEmail(colleague.email)) ?? (await signUpColleague(colleague.fullName, colleague.email))
    if (!(await roleIn(scope.agencyId, userId))) {
      // The invitation's link is handed straight to its account: made-up addresses get no mail.
      const invited = await createInvitation(scope, { email: colleague.email, role: colleague.member })
      if (!invited.ok) throw new Error(`Demo colleague ${colleague.email}: ${invited.reason}`)
      const accepted = await acceptInvitation(invited.token, userId)
      if (!accepted.ok) throw new Error(`Demo colleague ${colleague.email}: ${accepted.reason}`)
      joined++
    }
    await completeProfile(userId, colleague.fullName, colleague.phone)
    ids[colleague.member] = userId
  }
  // Read anew for each, now that the agency is no agency of one: each sees what their pages show.
  const scopeOf = async (member: DemoMember) => {
    const memberScope = await scopeOfMember(ids[member], scope.agencyId)
    if (!memberScope) throw new Error(`Demo agency: the ${member} is not a member`)
    return memberScope
  }
  return { team: { owner: await scopeOf('owner'), admin: await scopeOf('admin'), agent: await scopeOf('agent') }, joined }
}

/** A colleague's account, with a password nobody is told: the demo signs in as the owner. */
async function signUpColleague(fullName: string, email: string) {
  const created = await signUp({ fullName, email, password: `colleague-${randomBytes(18).toString('base64url')}` })
  if (!created.ok) throw new Error(`Demo colleague ${email}: ${created.errors.join(' ')}`)
  return created.userId
}

/** A phone on the member's card and Lisbon's clock, once: a profile the visitor changed stays. */
async function completeProfile(userId: string, fullName: string | null, phone: string) {
  const profile = await getPublicProfile(userId)
  if (!profile || profile.phone) return
  await updateProfile(
    userId,
    ProfileSchema.parse({
      fullName: fullName ?? profile.fullName,
      phone,
      agencyName: profile.agencyName ?? '',
      licenceNumber: profile.licenceNumber ?? '',
      timeZone: DEMO_TIME_ZONE,
      defaultCurrency: 'EUR',
      areaUnit: 'sqm',
    }),
  )
}

/** The drawn logo through the logo upload (re-encoded, sizes made), as an owner's file would go. */
async function uploadDemoLogo(scope: Scope) {
  const folder = await mkdtemp(path.join(tmpdir(), 'brokervault-demo-logo-'))
  try {
    const file = path.join(folder, 'logo.png')
    const bytes = await renderDemoLogo()
    await writeFile(file, bytes)
    const saved = await setLogo(scope, [{ path: file, name: 'atlantico-imoveis.png', size: bytes.length }])
    if (!saved?.ok) throw new Error(`Demo logo: ${saved ? saved.problem.message : 'not allowed'}`)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
