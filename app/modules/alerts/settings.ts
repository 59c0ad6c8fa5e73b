/** Client alerts (docs/decisions/022-client-alerts-and-share-tools.md). */

/** The job that finds new matches and mails them; a cron sweeps, and property changes nudge it. */
export const ALERT_QUEUE = 'client-alerts'
/** Every 15 minutes: a property added while a client may be mailed reaches them within the quarter. */
export const ALERT_CRON = '*/15 * * * *'
/** At most one alert mail per client a day: 23 hours, so the daily mail keeps its hour despite the cron's 15-minute steps. */
export const ALERT_MIN_GAP_HOURS = 23
/** Properties added, edited or repriced within this many days are looked at by a run. */
export const ALERT_LOOKBACK_DAYS = 14
/** A mail lists at most this many properties; the page shows them all. */
export const ALERT_MAIL_MAX_LINES = 20
/** The alert page shows what was mailed in this many days. */
export const ALERT_PAGE_DAYS = 30
export const ALERT_PAGE_MAX_ROWS = 100
