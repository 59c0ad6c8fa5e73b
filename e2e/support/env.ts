/** Settings shared by playwright.config.ts and the e2e fixtures: one database, one server. */
/** E2E_PORT lets two checkouts run their suites side by side on one machine. */
export const E2E_PORT = Number(process.env.E2E_PORT) || 3100
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`
/**
 * `npm test` gives Playwright a database of its own (E2E_DATABASE_URL), so it can run while
 * vitest's Postgres pass drops and rebuilds TEST_DATABASE_URL's schema.
 */
export const E2E_DATABASE_URL =
  process.env.E2E_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** Leads by mail (docs/decisions/035): the server's inbound domain and the webhook's shared secret. */
export const E2E_INBOUND_MAIL_DOMAIN = 'leads.example.test'
export const E2E_INBOUND_MAIL_SECRET = 'e2e-inbound-secret-0123456789'
