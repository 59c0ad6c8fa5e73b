import { avatarUrl } from '#app/modules/media/avatar.ts'
import { logoUrl } from '#app/modules/media/logo.ts'
import type { MailSignature } from '#app/modules/mail/message.ts'
import type { AgencyContact, BrokerContact } from './share-view.ts'

/*
 * Who a client's pages and mails speak for (issue 26): the agent assigned to what was sent, and
 * the agency. The agency's lines are those its agent's card does not already say, so an agency
 * of one whose name is the profile's agency (every account before agencies, and a broker who
 * never filled in /agency) shows exactly the card it showed before: no line twice.
 */

/** The agent as their profile and account say. */
export type AgentFacts = {
  fullName: string
  avatarId: string | null
  /** The profile's agency name: shown while the agency has no name of its own. */
  agencyName: string | null
  licenceNumber: string | null
  phone: string | null
  email: string
}

/** The agency as /agency says. */
export type AgencyFacts = {
  name: string
  licenceNumber: string | null
  phone: string | null
  email: string | null
  website: string | null
  address: string | null
  logoId: string | null
}

const present = (value: string | null | undefined) => value?.trim() || null
const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()
// "+351 912 345 678" and "+351912345678" are one number.
const samePhone = (a: string, b: string) => a.replace(/[^+\d]/g, '') === b.replace(/[^+\d]/g, '')

/** The agency's value unless the agent's card already says it. */
function beyondAgent(agencyValue: string | null, agentValue: string | null, same: (a: string, b: string) => boolean) {
  const value = present(agencyValue)
  const agents = present(agentValue)
  return value && !(agents && same(value, agents)) ? value : null
}

export function composeContact(agent: AgentFacts, agency: AgencyFacts | null): BrokerContact {
  const agencyName = present(agency?.name) ?? present(agent.agencyName)
  const own: Omit<AgencyContact, 'name'> | null = agency && {
    logoUrl: agency.logoId ? logoUrl(agency.logoId, 96) : null,
    licenceNumber: beyondAgent(agency.licenceNumber, agent.licenceNumber, sameText),
    address: present(agency.address),
    phone: beyondAgent(agency.phone, agent.phone, samePhone),
    email: beyondAgent(agency.email, agent.email, sameText),
    website: present(agency.website),
  }
  return {
    fullName: agent.fullName,
    avatarUrl: agent.avatarId ? avatarUrl(agent.avatarId, 256) : null,
    agencyName,
    licenceNumber: present(agent.licenceNumber),
    phone: present(agent.phone),
    email: agent.email,
    agency: own && Object.values(own).some(Boolean) ? { name: agencyName ?? '', ...own } : null,
  }
}

/** The lines of the agency's part of a card, in order (the name first). */
export function agencyLines(agency: AgencyContact): string[] {
  return [agency.name, agency.licenceNumber && `Licence ${agency.licenceNumber}`, agency.address, agency.phone, agency.email, agency.website].filter(
    (line): line is string => Boolean(line),
  )
}

/** The lines of the agent's part of a card: their agency's name only when there is no agency part. */
export function agentLines(contact: BrokerContact): string[] {
  return [
    contact.fullName || 'Your broker',
    contact.agency ? null : contact.agencyName,
    contact.licenceNumber && `Licence ${contact.licenceNumber}`,
    contact.phone,
    contact.email,
  ].filter((line): line is string => Boolean(line))
}

/** The card as a mail's signature, with its images as absolute URLs (`appUrl` without a trailing slash). */
export function mailSignature(contact: BrokerContact, appUrl: string): MailSignature {
  return {
    agent: agentLines(contact),
    agency: contact.agency ? agencyLines(contact.agency) : [],
    avatarUrl: contact.avatarUrl ? `${appUrl}${contact.avatarUrl}` : null,
    logoUrl: contact.agency?.logoUrl ? `${appUrl}${contact.agency.logoUrl}` : null,
  }
}
