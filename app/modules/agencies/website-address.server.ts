import { eq, inArray, sql } from 'drizzle-orm'
import { getDb, queryRows } from '#db/client.server.ts'
import { agencies, agencyMembers, agencySlugRedirects } from '#db/schema.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { recordAudit } from './audit.server.ts'
import { canManageMembers } from './members.server.ts'
import { isWebsiteSlug } from './website-slug.ts'

/*
 * The agency website's address (docs/decisions/036-enquiries-and-website.md). The database gives
 * every agency a slug (migration 0030: from its name, unique; a placeholder until it is named)
 * and keeps every former one as a redirect. Public pages read it outside any scope.
 */

export type WebsiteAgency = { id: string; slug: string; name: string }
export type SlugLookup = { agency: WebsiteAgency; current: true } | { agency: WebsiteAgency; current: false } | null

/** The agency at /a/{slug}: by its current slug, or by a former one (then `current` is false: redirect). */
export async function findAgencyBySlug(slug: string): Promise<SlugLookup> {
  if (!isWebsiteSlug(slug)) return null
  const columns = { id: agencies.id, slug: agencies.slug, name: agencies.name }
  const [agency] = await getDb().select(columns).from(agencies).where(eq(agencies.slug, slug)).limit(1)
  if (agency) return { agency, current: true }
  const [moved] = await getDb()
    .select(columns)
    .from(agencySlugRedirects)
    .innerJoin(agencies, eq(agencies.id, agencySlugRedirects.agencyId))
    .where(eq(agencySlugRedirects.slug, slug))
    .limit(1)
  return moved ? { agency: moved, current: false } : null
}

/** The current slugs of these agencies (the sitemap index), in no order. */
export async function listWebsiteSlugs(agencyIds: readonly string[]): Promise<string[]> {
  if (agencyIds.length === 0) return []
  const rows = await getDb().select({ slug: agencies.slug }).from(agencies).where(inArray(agencies.id, [...agencyIds]))
  return rows.map((row) => row.slug).sort()
}

/** The members of an agency, longest-standing first (owner first): the website's agents. */
export async function listAgencyMemberIds(agencyId: string): Promise<string[]> {
  const rows = await getDb()
    .select({ userId: agencyMembers.userId, role: agencyMembers.role })
    .from(agencyMembers)
    .where(eq(agencyMembers.agencyId, agencyId))
    .orderBy(agencyMembers.joinedAt, agencyMembers.userId)
  const rank = { owner: 0, admin: 1, agent: 2 } as const
  return rows.sort((a, b) => rank[a.role] - rank[b.role]).map((row) => row.userId)
}

/** The scope's agency's website address (any member may see it). */
export async function getWebsiteSlug(scope: Scope): Promise<string | null> {
  const [row] = await getDb().select({ slug: agencies.slug }).from(agencies).where(eq(agencies.id, scope.agencyId)).limit(1)
  return row?.slug ?? null
}

export type SlugChange = { ok: true; slug: string; previous: string } | { ok: false; reason: 'forbidden' | 'invalid' | 'taken' }

/**
 * An owner or admin gives the website another address; the old one redirects (301) from then
 * on. Refused when another agency has it, now or as a former address (an old link of theirs
 * must never land here). Taking back one of the agency's own former addresses is allowed.
 */
export async function changeWebsiteSlug(scope: Scope, slug: string): Promise<SlugChange> {
  if (!canManageMembers(scope)) return { ok: false, reason: 'forbidden' }
  if (!isWebsiteSlug(slug)) return { ok: false, reason: 'invalid' }
  // bv_unique_website_slug (migration 0030) looks past row-level security: whether the address
  // is free is about every agency, and the scope sees its own row only.
  const [free] = await queryRows<{ free: boolean }>(sql`select bv_unique_website_slug(${slug}, ${scope.agencyId}::uuid) = ${slug} as free`)
  if (!free?.free) return { ok: false, reason: 'taken' }
  const previous = await getWebsiteSlug(scope)
  if (previous === null) return { ok: false, reason: 'forbidden' }
  if (previous === slug) return { ok: true, slug, previous }
  try {
    await getDb().update(agencies).set({ slug }).where(eq(agencies.id, scope.agencyId))
  } catch (error) {
    // Another agency took it a moment ago (agencies_slug_idx).
    if (String((error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code) === '23505') return { ok: false, reason: 'taken' }
    throw error
  }
  await recordAudit(scope, { action: 'agency_updated', objectType: 'agency', objectId: scope.agencyId, summary: `Website address changed from /a/${previous} to /a/${slug}` })
  return { ok: true, slug, previous }
}
