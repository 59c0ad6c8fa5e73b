import { data, redirect, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import type { Scope } from '#db/tenancy.server.ts'
import { parseIntentForm } from '#app/http/intent.server.ts'
import { setFlash } from '#app/lib/flash.server.ts'
import { notFound } from '#app/lib/http.ts'
import { claimLead } from '#app/modules/leads/claims.server.ts'
import { rotateInbox } from '#app/modules/leads/inboxes.server.ts'
import { RoutingSettingsSchema } from '#app/modules/leads/routing-catalog.ts'
import { saveRoutingSettings, setTakesLeads } from '#app/modules/leads/routing-settings.server.ts'

/*
 * /leads's forms: the inbound address's rotation (owners and admins), claiming from the list,
 * the routing setting (owners and admins) and the "takes leads" switches (each member their
 * own; owners and admins anyone's). docs/decisions/035 and 037.
 */

const LeadsActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('rotate-address') }),
  z.object({ intent: z.literal('claim'), leadId: z.string().min(1) }),
  RoutingSettingsSchema,
  z.object({ intent: z.literal('takes-leads'), userId: z.string().min(1), takesLeads: z.enum(['yes', 'no']) }),
])

type FieldErrors = Record<string, string[]>
export type LeadsActionData = { intent: string; fieldErrors: FieldErrors; values?: Record<string, string> }

export async function handleLeadsAction(context: Readonly<RouterContextProvider>, scope: Scope, form: FormData) {
  const parsed = parseIntentForm(form, LeadsActionSchema)
  const done = (message: string, to = '/leads', kind: 'success' | 'info' = 'success'): never => {
    setFlash(context, { kind, message })
    throw redirect(to)
  }
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {}
    for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? 'form')] ??= []).push(issue.message)
    const values = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    return data<LeadsActionData>({ intent: String(form.get('intent')), fieldErrors, values }, { status: 400 })
  }
  const input = parsed.data
  switch (input.intent) {
    case 'rotate-address':
      if (!(await rotateInbox(scope))) throw new Response('Forbidden', { status: 403 })
      return done('The address has changed. Mail sent to the old one no longer becomes a lead.')
    case 'claim': {
      const result = await claimLead(scope, input.leadId)
      if (result === 'not_found') notFound()
      if (result === 'taken') return done('Someone else claimed this lead first.', '/leads', 'info')
      return done('You claimed this lead: it is yours.', `/lead/${input.leadId}`)
    }
    case 'save-routing':
      if (!(await saveRoutingSettings(scope, input))) throw new Response('Forbidden', { status: 403 })
      return done('Lead routing saved.', '/leads#routing')
    case 'takes-leads': {
      const result = await setTakesLeads(scope, input.userId, input.takesLeads === 'yes')
      if (result === 'forbidden') throw new Response('Forbidden', { status: 403 })
      if (result === 'not_found') notFound()
      return done(input.takesLeads === 'yes' ? 'They take new leads again.' : 'They take no new leads for now.', '/leads#routing')
    }
  }
}
