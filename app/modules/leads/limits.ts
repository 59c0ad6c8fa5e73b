/** The limits of receiving mail for leads (docs/decisions/035-leads-inbound-mail.md), in one place. */

/** The most a message may weigh, by HTTP or SMTP (larger ones are refused before parsing: 413 / 552). */
export const MAX_INBOUND_MAIL_BYTES = 10 * 1024 * 1024
/** Recipients one SMTP message may name (452 past them). */
export const MAX_SMTP_RECIPIENTS = 10
/** SMTP connections at once. */
export const MAX_SMTP_CLIENTS = 50
/** A sender silent this long is disconnected. */
export const SMTP_SOCKET_TIMEOUT_MS = 60_000
/** On shutdown, a sender still talking gets this long before the socket is closed (it retries later). */
export const SMTP_CLOSE_TIMEOUT_MS = 5_000
