// App JavaScript: what a first load of /home and of /properties downloads, as a broker's phone
// loads them — Debian's Chromium through Playwright, the phone of the phone section, signed in,
// no interaction, until the network is idle. Every script response is counted by its file in
// build/client gzipped at level 6 (as the compression middleware sends it), and the page's
// inline scripts (React Router's context and streamed data, the inert module script, the
// bootstrap) by their text gzipped the same way. Goal ≤ 100 kB.
// The app loads its JavaScript at the first sign of use (app/lib/hydrate-on-intent.ts); what
// that first key press then downloads is reported beside it, without a goal.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { signInAs } from '../http.mjs'
import { BROKER } from '../seed.mjs'
import { ROOT } from '../util.mjs'
import { CHROMIUM, LAUNCH_ARGS, PHONE } from './phone.mjs'

const PAGES = ['/home', '/properties']
const GOAL_BYTES = 100_000

export async function benchJs(ctx) {
  const target = await ctx.target(ctx.targetNames[0])
  const jar = await signInAs(target.appUrl, BROKER.email)
  const cookies = jar.header.split('; ').map((pair) => {
    const at = pair.indexOf('=')
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: target.appUrl }
  })
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS })
  const results = []
  try {
    for (const pathname of PAGES) {
      const { firstLoad, afterFirstUse, inline } = await scriptsOf(browser, cookies, `${target.appUrl}${pathname}`)
      const files = gzippedSize(firstLoad)
      const inlineGzip = gzipSync(inline, { level: 6 }).length
      const first = { files: files.files, gzipBytes: files.gzipBytes + inlineGzip }
      const after = gzippedSize(afterFirstUse)
      results.push({ path: pathname, firstLoad: first, afterFirstUse: after })
      ctx.log(`js: ${pathname} first load ${first.files} JS files and ${kb(inlineGzip)} kB gzip of inline scripts, ${kb(first.gzipBytes)} kB gzip in all; after the first key press ${after.files} more, ${kb(after.gzipBytes)} kB gzip`)
      ctx.summary({
        section: 'js',
        metric: `${pathname} first-load JS gzip (${first.files} files + inline)`,
        value: kb(first.gzipBytes),
        reference: null,
        ratio: null,
        goal: { atMost: GOAL_BYTES / 1000 },
        unit: 'kB',
      })
      ctx.summary({
        section: 'js',
        metric: `${pathname} JS at the first sign of use, gzip (${after.files} files)`,
        value: kb(after.gzipBytes),
        reference: null,
        ratio: null,
        goal: null,
        unit: 'kB',
      })
    }
  } finally {
    await browser.close()
  }
  return results
}

/** The script paths a first visit fetches untouched, its inline scripts' text, and the paths one key press then fetches. */
async function scriptsOf(browser, cookies, url) {
  const context = await browser.newContext(PHONE)
  try {
    await context.addCookies(cookies)
    const page = await context.newPage()
    const seen = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') seen.push(new URL(request.url()).pathname)
    })
    const response = await page.goto(url, { waitUntil: 'networkidle' })
    if (response?.status() !== 200 || new URL(page.url()).pathname !== new URL(url).pathname) {
      throw new Error(`js: GET ${url} answered ${response?.status()} at ${page.url()}`)
    }
    const firstLoad = [...seen]
    const inline = await page.$$eval('script:not([src])', (scripts) => scripts.map((script) => script.textContent).join('\n'))
    await page.keyboard.press('Shift')
    // root.tsx's effect sets window.trialExpired once React has hydrated (a function, not a string: the CSP forbids eval).
    await page.waitForFunction(() => typeof globalThis.trialExpired === 'boolean')
    await page.waitForLoadState('networkidle')
    return { firstLoad, afterFirstUse: seen.slice(firstLoad.length), inline }
  } finally {
    await context.close()
  }
}

function gzippedSize(paths) {
  let gzipBytes = 0
  for (const file of new Set(paths)) {
    if (!file.startsWith('/assets/')) throw new Error(`js: a script from outside build/client: ${file}`)
    gzipBytes += gzipSync(readFileSync(path.join(ROOT, 'build/client', file)), { level: 6 }).length
  }
  return { files: new Set(paths).size, gzipBytes }
}

const kb = (bytes) => Math.round(bytes / 100) / 10
