/** A client's alerts as the broker's client page shows them (docs/decisions/022-client-alerts-and-share-tools.md). */
export type AlertState =
  | { status: 'never' }
  | {
      status: 'on' | 'stopped' | 'unsubscribed'
      consentedAt: Date
      consentedByName: string | null
      stoppedAt: Date | null
      unsubscribedAt: Date | null
      lastMailedAt: Date | null
      pagePath: string
      mailedCount: number
    }

