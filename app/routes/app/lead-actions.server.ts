import { data, redirect, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import type { Scope } from '#db/tenancy.server.ts'
import { parseIntentForm } from '#app/http/intent.server.ts'
import { setFlash } from '#app/lib/flash.server.ts'
import { notFound } from '#app/lib/http.ts'
import { assignLead, claimLead } from '#app/modules/leads/claims.server.ts'
import { convertLead } from '#app/modules/leads/conversion.server.ts'
import { discardLead, restoreLead } from '#app/modules/leads/leads.server.ts'
import { sendLeadReply } from '#app/modules/leads/replies.server.ts'
import { ReplyFormSchema } from '#app/modules/leads/templates.ts'

/*
 * The lead page's forms (docs/decisions/035 and 037): discard and restore, claim, assign (owners
 * and admins), convert into a new or an existing client, and reply by e-mail. Each ends in a
 * redirect with a flash (post/redirect/get) or a 400 with the message next to its field.
 */

export const LeadActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('discard') }),
  z.object({ intent: z.literal('restore') }),
  z.object({ intent: z.literal('claim') }),
  z.object({ intent: z.literal('assign'), memberId: z.string({ error: 'Choose a member.' }).min(1, 'Choose a member.') }),
  z.object({
    intent: z.literal('convert'),
    target: z.string({ error: 'Choose a new client or one of yours.' }).min(1, 'Choose a new client or one of yours.'),
    otherClientId: z.string().optional(),
  }),
  ReplyFormSchema,
])

type FieldErrors = Record<string, string[]>
export type LeadActionData = { intent: string; fieldErrors: FieldErrors; values?: Record<string, string> }

const refused = (intent: string, fieldErrors: FieldErrors, values?: Record<string, string>, status = 400) =>
  data<LeadActionData>({ intent, fieldErrors, values }, { status })

export async function handleLeadAction(context: Readonly<RouterContextProvider>, scope: Scope, leadId: string, form: FormData) {
  const parsed = parseIntentForm(form, LeadActionSchema)
  const here = `/lead/${leadId}`
  const done = (message: string, to = here, kind: 'success' | 'info' = 'success'): never => {
    setFlash(context, { kind, message })
    throw redirect(to)
  }
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {}
    for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? 'form')] ??= []).push(issue.message)
    const values = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    return refused(String(form.get('intent')), fieldErrors, values)
  }
  const input = parsed.data
  switch (input.intent) {
    case 'discard':
    case 'restore': {
      const change = input.intent === 'discard' ? await discardLead(scope, leadId) : await restoreLead(scope, leadId)
      if (change === 'not_found') notFound()
      if (change === 'unchanged') return done(input.intent === 'discard' ? 'This lead is not open any more.' : 'This lead is not in the spam.', here, 'info')
      return input.intent === 'discard' ? done('Lead discarded as spam.', '/leads') : done('Lead brought back to the inbox.')
    }
    case 'claim': {
      const result = await claimLead(scope, leadId)
      if (result === 'not_found') notFound()
      if (result === 'taken') return done('Someone else claimed this lead first.', '/leads', 'info')
      return done('You claimed this lead: it is yours.')
    }
    case 'assign': {
      const result = await assignLead(scope, leadId, input.memberId)
      if (result === 'forbidden') throw new Response('Forbidden', { status: 403 })
      if (result === 'not_found') notFound()
      if (result === 'not_member') return refused('assign', { memberId: ['Choose a member of the agency.'] })
      if (result === 'closed') return done('This lead is not open any more.', here, 'info')
      return done('Lead assigned.')
    }
    case 'convert': {
      const clientId = input.target === 'other' ? (input.otherClientId ?? '') : input.target
      if (input.target === 'other' && !clientId) return refused('convert', { otherClientId: ['Choose the client.'] })
      const result = await convertLead(scope, leadId, input.target === 'new' ? { kind: 'new' } : { kind: 'merge', clientId })
      if (result.status === 'not_found') notFound()
      if (result.status === 'client_not_found') return refused('convert', { [input.target === 'other' ? 'otherClientId' : 'target']: ['That client is not one of yours.'] })
      if (result.status === 'closed') return done('This lead is not open any more.', here, 'info')
      return done(
        input.target === 'new'
          ? `Lead converted to a client${result.shortlisted ? ', with the property on their shortlist' : ''}.`
          : `Lead joined to the client${result.shortlisted ? ', with the property on their shortlist' : ''}.`,
        `/client/${result.clientId}`,
      )
    }
    case 'reply': {
      const result = await sendLeadReply(scope, leadId, { subject: input.subject, body: input.body })
      if (result.status === 'not_found') notFound()
      if (result.status === 'no_email') return refused('reply', { body: ['This lead has no e-mail address: call them or use WhatsApp.'] }, { subject: input.subject, body: input.body })
      if (result.status === 'closed') return refused('reply', { body: ['This lead is in the spam: bring it back first.'] }, { subject: input.subject, body: input.body })
      if (result.status === 'taken') return done('Someone else claimed this lead first.', '/leads', 'info')
      return done('Reply sent.')
    }
  }
}
