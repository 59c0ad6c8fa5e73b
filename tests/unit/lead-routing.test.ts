import { expect, it } from 'vitest'
import { LEAD_ROUTING_INTERVAL_MS, nextTaker } from '#app/modules/leads/routing.server.ts'
import { DEFAULT_CLAIM_MINUTES, MAX_CLAIM_MINUTES, RoutingSettingsSchema, whatsAppLink } from '#app/modules/leads/routing-catalog.ts'
import { fillTemplate, firstNameOf, ReplyFormSchema, STANDARD_TEMPLATES, type TemplateValues } from '#app/modules/leads/templates.ts'
import { threadIdsOf } from '#app/modules/leads/replies.server.ts'

/* docs/decisions/037-lead-routing-and-replies.md: the pieces without a database. */

it('sweeps every 2 s, gives 15 minutes to claim by default and at most a day', () => {
  expect(LEAD_ROUTING_INTERVAL_MS).toBe(2_000)
  expect(DEFAULT_CLAIM_MINUTES).toBe(15)
  expect(MAX_CLAIM_MINUTES).toBe(1_440)
  expect(RoutingSettingsSchema.safeParse({ intent: 'save-routing', mode: 'first_to_claim', claimMinutes: '30', escalation: 'admins' }).success).toBe(true)
  expect(RoutingSettingsSchema.safeParse({ intent: 'save-routing', mode: 'first_to_claim', claimMinutes: '1441', escalation: 'admins' }).success).toBe(false)
  expect(RoutingSettingsSchema.safeParse({ intent: 'save-routing', mode: 'lottery', claimMinutes: '5', escalation: 'admins' }).success).toBe(false)
})

it('takes turns round the members in their order, skipping the one who had it', () => {
  const people = ['a', 'b', 'c'].map((userId) => ({ userId, role: 'agent' as const, email: `${userId}@x.test`, name: userId, phone: null, agencyName: '' }))
  expect(nextTaker(people, null)?.userId).toBe('a')
  expect(nextTaker(people, 'a')?.userId).toBe('b')
  expect(nextTaker(people, 'c')?.userId).toBe('a')
  expect(nextTaker(people, 'gone')?.userId).toBe('a')
  expect(nextTaker(people, 'b', 'b')?.userId).toBe('c')
  expect(nextTaker([people[0]!], 'a', 'a')).toBeNull()
  expect(nextTaker([], null)).toBeNull()
})

it('fills placeholders as plain text and leaves unknown ones as written', () => {
  const values: TemplateValues = { name: 'Ana Maria Silva', first_name: firstNameOf('Ana Maria Silva'), property: 'T2 in Graça', agent: 'Rui', agent_phone: '+351 912 000 000', agency: 'Casa' }
  expect(fillTemplate('Hello {{first_name}}, about {{ property }} — {{agent}} ({{agency}}), {{unknown}}', values)).toBe('Hello Ana, about T2 in Graça — Rui (Casa), {{unknown}}')
  expect(fillTemplate('{{name}}', { ...values, name: '<b>x</b>' })).toBe('<b>x</b>')
  for (const template of STANDARD_TEMPLATES) expect(fillTemplate(template.body, values)).not.toMatch(/\{\{/)
  expect(firstNameOf(null)).toBe('')
})

it('builds the WhatsApp click-to-chat link from the E.164 digits and the text', () => {
  expect(whatsAppLink('+351912000111', 'Hello Ana, & see you?')).toBe('https://wa.me/351912000111?text=Hello%20Ana%2C%20%26%20see%20you%3F')
})

it('refuses an empty reply and a subject over two lines', () => {
  expect(ReplyFormSchema.safeParse({ intent: 'reply', subject: 'Hi', body: '  \r\n ' }).success).toBe(false)
  expect(ReplyFormSchema.safeParse({ intent: 'reply', subject: 'Hi\r\nBcc: x@y.z', body: 'Hello' }).success).toBe(false)
  expect(ReplyFormSchema.parse({ intent: 'reply', subject: ' Hi ', body: 'Line 1\r\nLine 2 ' })).toEqual({ intent: 'reply', subject: 'Hi', body: 'Line 1\nLine 2' })
})

it('reads the Message-IDs an answer names, in order, without duplicates or junk', () => {
  expect(threadIdsOf({ inReplyTo: '<b@x>', references: ['<a@x>', '<b@x>', 'junk', '<c d@x>'] })).toEqual(['<a@x>', '<b@x>'])
  expect(threadIdsOf({ inReplyTo: null, references: [] })).toEqual([])
})
