import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type PlaywrightTestOptions, type PlaywrightWorkerOptions } from '@playwright/test'
import { E2E_BASE_URL, E2E_DATABASE_URL, E2E_INBOUND_MAIL_DOMAIN, E2E_INBOUND_MAIL_SECRET, E2E_PORT } from './e2e/support/env.ts'

const ROOT = path.dirname(fileURLToPath(import.meta.url))
const SERVER_BUILD = path.join(ROOT, 'build/server/index.js')

// The web server serves an existing build; building here would hide a stale or broken build
// behind the 60 s start-up timeout. `npm test` builds first. Checked in the runner only:
// workers load this file too, after the server has already imported the build.
if (!process.env.TEST_WORKER_INDEX && !existsSync(SERVER_BUILD)) {
  throw new Error(
    `E2E: ${path.relative(ROOT, SERVER_BUILD)} is missing. Run \`npm run build\` first (or \`npm test\`, which builds), then \`npx playwright test\`.`,
  )
}

// Debian's old headless shell (package chromium-headless-shell, which .ci/run installs) draws
// the same pages with far less CPU than the full browser in headless mode; the full browser
// stays the fallback.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const CHROMIUM: Partial<PlaywrightTestOptions & PlaywrightWorkerOptions> = {
  browserName: 'chromium',
  launchOptions: {
    executablePath: existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  },
}

export default defineConfig({
  testDir: './e2e',
  // Playwright empties its output folder when it starts; vitest's files live beside it in
  // test-results/ and the two run at the same time under `npm test`.
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  // Each test makes its own broker, so tests of different files never share rows. Two workers:
  // the suite waits on the browser and the server far more than it computes.
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: 0,
  // Limits, not waits: with two workers on a 2-core machine a page can take a few seconds
  // longer than on an idle one.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'js-on', use: { ...CHROMIUM, javaScriptEnabled: true } },
    // The axe scan runs once, on the hydrated pages (the server's markup is the same either way).
    // The phone's image loading too: a client's browser runs with scripting on (share pages ship
    // none), and with scripting off the HTML standard turns lazy loading off altogether. And the
    // first load that waits for a sign of use before it loads the app's JavaScript.
    { name: 'js-off', use: { ...CHROMIUM, javaScriptEnabled: false }, testIgnore: ['**/a11y-scan.spec.ts', '**/share-phone.spec.ts', '**/hydrate-on-intent.spec.ts', '**/pending-bar.spec.ts', '**/drag-and-drop.spec.ts'] },
  ],
  webServer: {
    command: 'node server.mjs',
    cwd: ROOT,
    url: `${E2E_BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(E2E_PORT),
      APP_URL: E2E_BASE_URL,
      DATA_DIR: 'test-results/e2e-data',
      SESSION_SECRET: 'e2e-secret-0123456789abcdef',
      DATABASE_URL: E2E_DATABASE_URL,
      RATE_LIMIT_SIGNUP_PER_IP: '1000',
      RATE_LIMIT_SIGNIN_PER_IP: '1000',
      RATE_LIMIT_SIGNIN_PER_ACCOUNT: '1000',
      RATE_LIMIT_RESET_PER_IP: '1000',
      // Client alerts: a property saved in a test reaches the client's mail within seconds.
      ALERT_DELAY_SECONDS: '1',
      INBOUND_MAIL_DOMAIN: E2E_INBOUND_MAIL_DOMAIN,
      INBOUND_MAIL_SECRET: E2E_INBOUND_MAIL_SECRET,
    },
  },
})
