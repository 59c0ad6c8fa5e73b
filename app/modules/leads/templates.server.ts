import { and, asc, eq, sql } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { leadReplyTemplates } from '#db/schema.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { isUuid } from '#app/lib/ids.ts'
import { recordAudit } from '#app/modules/agencies/audit.server.ts'
import { canManageMembers } from '#app/modules/agencies/members.server.ts'
import { STANDARD_TEMPLATES, type ReplyTemplate } from './templates.ts'

/*
 * The agency's reply templates (docs/decisions/037-lead-routing-and-replies.md): the standard ones
 * first, then the agency's own by name. Every member uses them; the owner and admins write them.
 */

/** At most this many templates of its own per agency. */
export const MAX_TEMPLATES = 50

export async function listTemplates(scope: Scope): Promise<ReplyTemplate[]> {
  const own = await getDb()
    .select({ id: leadReplyTemplates.id, name: leadReplyTemplates.name, subject: leadReplyTemplates.subject, body: leadReplyTemplates.body })
    .from(leadReplyTemplates)
    .where(eq(leadReplyTemplates.agencyId, scope.agencyId))
    .orderBy(asc(leadReplyTemplates.name), asc(leadReplyTemplates.id))
  return [...STANDARD_TEMPLATES, ...own.map((row) => ({ ...row, standard: false }))]
}

export type TemplateValue = { name: string; subject: string; body: string }
export type TemplateChange = 'done' | 'forbidden' | 'not_found' | 'full'

export async function createTemplate(scope: Scope, value: TemplateValue): Promise<TemplateChange> {
  if (!canManageMembers(scope)) return 'forbidden'
  const [count] = await getDb()
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(leadReplyTemplates)
    .where(eq(leadReplyTemplates.agencyId, scope.agencyId))
  if ((count?.n ?? 0) >= MAX_TEMPLATES) return 'full'
  await getDb().insert(leadReplyTemplates).values({ agencyId: scope.agencyId, ...value })
  await recordAudit(scope, { action: 'lead_template_created', objectType: 'agency', objectId: scope.agencyId, summary: `Added the reply template "${value.name}"` })
  return 'done'
}

export async function updateTemplate(scope: Scope, templateId: unknown, value: TemplateValue): Promise<TemplateChange> {
  if (!canManageMembers(scope)) return 'forbidden'
  if (!isUuid(templateId)) return 'not_found'
  const changed = await getDb()
    .update(leadReplyTemplates)
    .set({ ...value, updatedAt: sql`now()` })
    .where(and(eq(leadReplyTemplates.id, templateId), eq(leadReplyTemplates.agencyId, scope.agencyId)))
    .returning({ id: leadReplyTemplates.id })
  return changed.length ? 'done' : 'not_found'
}

export async function deleteTemplate(scope: Scope, templateId: unknown): Promise<TemplateChange> {
  if (!canManageMembers(scope)) return 'forbidden'
  if (!isUuid(templateId)) return 'not_found'
  const gone = await getDb()
    .delete(leadReplyTemplates)
    .where(and(eq(leadReplyTemplates.id, templateId), eq(leadReplyTemplates.agencyId, scope.agencyId)))
    .returning({ name: leadReplyTemplates.name })
  if (!gone[0]) return 'not_found'
  await recordAudit(scope, { action: 'lead_template_deleted', objectType: 'agency', objectId: scope.agencyId, summary: `Deleted the reply template "${gone[0].name}"` })
  return 'done'
}
