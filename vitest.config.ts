import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

// Integration tests drive the built server bundle (build/server) with real Requests, so the
// middleware, guards, actions and the database run exactly as in production.
const integrationEnv = {
  NODE_ENV: 'test',
  SESSION_SECRET: 'integration-test-secret-0123456789',
  APP_URL: 'http://localhost:3000',
  // A broker with up to 2 files gets the export zip at once; a third file sends it to the job.
  EXPORT_INLINE_MAX_FILES: '2',
  // Saving a property queues a client-alerts run (one waiting run at a time, docs/decisions/021).
  // No worker runs here: a run left waiting for the default 120 s in a database the e2e server
  // uses next would absorb that server's own nudges until then.
  ALERT_DELAY_SECONDS: '1',
  // Leads by mail (docs/decisions/035): the agencies' addresses and the webhook's shared secret.
  INBOUND_MAIL_DOMAIN: 'leads.example.test',
  INBOUND_MAIL_SECRET: 'integration-inbound-secret-0123',
}

// `*.postgres.test.ts` need a real PostgreSQL server (a proxy in front of it is cut and restored).
const POSTGRES_ONLY = 'tests/integration/**/*.postgres.test.ts'

const integration = (name: string, env: Record<string, string>): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: ['tests/integration/**/*.test.ts'],
    exclude: name === 'pglite' ? [POSTGRES_ONLY] : [],
    // Each project has its own files: `npm test` runs the two side by side, and some tests check
    // that a folder (the upload spool, an account's files) is empty.
    env: { ...integrationEnv, DATA_DIR: `test-results/integration-data/${name}`, ...env },
    // One module graph per worker: the database (PGlite takes seconds to open) is shared.
    isolate: false,
    setupFiles: ['tests/support/setup-integration.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

const testDatabaseUrl = process.env.TEST_DATABASE_URL

export default defineConfig({
  resolve: { alias: {} },
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      integration('pglite', { PGLITE_DIR: 'memory://' }),
      ...(testDatabaseUrl
        ? [
            {
              ...integration('postgres', { DATABASE_URL: testDatabaseUrl }),
              test: {
                ...integration('postgres', { DATABASE_URL: testDatabaseUrl }).test,
                globalSetup: ['tests/support/reset-postgres.ts'],
              },
            },
          ]
        : []),
    ],
  },
})
