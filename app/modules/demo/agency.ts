/**
 * The demo agency (issue 26): the demo broker owns it, with an admin in the Porto office and an
 * agent in the south, so a newcomer sees an agency at work. Hand-written like the portfolio.
 * Addresses and domains are reserved for examples (RFC 2606): nothing here reaches anyone.
 */

/** Who in the demo agency a record is assigned to; the owner is the demo broker (Dana Demo). */
export type DemoMember = 'owner' | 'admin' | 'agent'

export const DEMO_AGENCY = {
  name: 'Atlântico Imóveis',
  licenceNumber: 'AMI 12345',
  phone: '+351 213 000 140',
  email: 'ola@atlantico-imoveis.example',
  website: 'https://atlantico-imoveis.example',
  address: 'Avenida da Liberdade 110, 1250-146 Lisboa',
}

/** The owner's own line on the cards (the demo broker signs in as the owner). */
export const DEMO_OWNER_PHONE = '+351 912 000 140'

export type DemoColleague = { member: Exclude<DemoMember, 'owner'>; fullName: string; email: string; phone: string }

export const DEMO_COLLEAGUES: DemoColleague[] = [
  { member: 'admin', fullName: 'Marta Rocha', email: 'marta.rocha@atlantico-imoveis.example', phone: '+351 916 220 315' },
  { member: 'agent', fullName: 'Tiago Nunes', email: 'tiago.nunes@atlantico-imoveis.example', phone: '+351 927 410 882' },
]

/** Everyone works on Lisbon time, in euros and m². */
export const DEMO_TIME_ZONE = 'Europe/Lisbon'
