import type { PhotoForImage } from '#app/modules/media/variants.ts'
import type { BrokerContact } from '#app/modules/sharing/share-view.ts'
import type { OpenHouseState } from './rules.ts'

/** What the open-house pages render (docs/decisions/038-open-house-sign-in.md). */

export type SignInRow = {
  id: string
  name: string
  email: string | null
  phone: string | null
  withAgent: boolean
  agentName: string | null
  consented: boolean
  signedInAt: Date
  leadId: string | null
  thanked: boolean
}

export type OpenHouseView = {
  id: string
  state: OpenHouseState
  startsAt: Date
  endsAt: Date
  timeZone: string
  endedEarly: boolean
  /** On the broker's clock when it was planned: "Sat 28 Nov 2026, 10:00–12:00". */
  when: string
  thanksDueAt: Date
  thanksSent: boolean
  /** The sign-in page's full address, and its QR code while visitors can still use it. */
  signInUrl: string
  qrSvg: string | null
  signIns: SignInRow[]
}

export type SignInPage = {
  token: string
  state: OpenHouseState
  /** "Sat 28 Nov 2026, 10:00–12:00" on the broker's clock. */
  when: string
  startsAt: Date
  /** The broker's zone when it was planned: the page says its times on that clock. */
  timeZone: string
  title: string
  place: string
  cover: PhotoForImage | null
  broker: BrokerContact
  consentText: string
}


/** What the visitor typed, sent back with a refused sign-in. */
export type SignInValues = { name: string; email: string; phone: string; withAgent: string; agentName: string; consent: boolean }
