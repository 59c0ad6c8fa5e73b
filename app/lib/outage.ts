/**
 * The 503 page's contract: thrown by app/http/database-outage.server.ts, read by the root error
 * boundary on the server and, after hydration or a client navigation, in the browser.
 */
export const UNAVAILABLE_MESSAGE = 'BrokerVault is temporarily unavailable. Nothing was lost; try again in a moment.'
/** After a plain form post: the POST itself got the 503, so Back returns to the typed form. */
export const NOTHING_SAVED_MESSAGE =
  'BrokerVault is temporarily unavailable. Nothing was saved: in a moment, go back and what you typed is still there to send again.'
/**
 * After a post sent by the hydrated app: React Router replaced the form with this screen in the
 * same history entry, so Back would not bring the typing back and the message does not promise it.
 */
export const NOTHING_SAVED_IN_APP_MESSAGE = 'BrokerVault is temporarily unavailable. Nothing was saved; try again in a moment.'

/** The message, and whether a form post was refused (then Back, not a link, keeps the typing). */
export type OutageData = { outage: true; message: string; wasWrite: boolean }

export function isOutageData(value: unknown): value is OutageData {
  return typeof value === 'object' && value !== null && (value as OutageData).outage === true
}
