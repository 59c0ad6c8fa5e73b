import type { BrowserContext } from '@playwright/test'
import { test as dbTest } from './db.ts'

/**
 * The app hydrates on the broker's first sign of use (app/lib/hydrate-on-intent.ts). Most
 * JavaScript-on specs test the hydrated app, as a broker who has moved the mouse meets it, so
 * their pages signal intent as soon as they are parsed: a pointer move, which the bootstrap
 * (registered earlier, while the body was parsed) takes as the cue. e2e/hydrate-on-intent.spec.ts
 * tests the first load without it. With JavaScript off nothing runs and nothing listens.
 */
export async function hydrateOnLoad(context: BrowserContext) {
  await context.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => window.dispatchEvent(new Event('pointermove')))
  })
}

/** `test` whose default context hydrates on load (above); `test.use({ hydrateOnLoad: false })` opts out. */
export const test = dbTest.extend<{ hydrateOnLoad: boolean }>({
  hydrateOnLoad: [true, { option: true }],
  context: async ({ context, hydrateOnLoad: wanted }, provide) => {
    if (wanted) await hydrateOnLoad(context)
    await provide(context)
  },
})
