// The share page on a phone: Debian's Chromium through Playwright, 360×740 at 2×, a mobile
// user agent, 4× CPU throttling and slow 4G (150 ms, 1.6 Mbit/s down, 750 kbit/s up, like
// Lighthouse's), cache off. /preview/{token} and a static copy of it (static-copy.mjs) are
// loaded in turn, three times each, each in a fresh browser context (a first visit), without
// scrolling, until the network is idle; then all of that again on a loaded machine (one busy
// loop per CPU running meanwhile). Medians of FCP, LCP, image bytes and total bytes;
// ratio = share ÷ static. Goals: FCP ≤ 1.1×, image bytes ≤ 1.1×, LCP ≤ 1.0× idle and loaded.
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { getPage } from '../http.mjs'
import { SHARE_PATHS } from '../seed.mjs'
import { extractSharePage, fetchCopyPhotos, renderStaticCopy, serveStaticCopy, variantPlan } from '../static-copy.mjs'
import { freePort, median, ratio, round } from '../util.mjs'

export const CHROMIUM = '/usr/bin/chromium'
export const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
export const PHONE = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
}
// Lighthouse's "slow 4G": 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up (bytes per second here).
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 }
const CPU_SLOWDOWN = 4
const REPETITIONS = 3
const LOAD_TIMEOUT_MS = 120_000
const KEEP_DIR = path.join(os.tmpdir(), 'brokervault-bench-phone')

export async function benchPhone(ctx) {
  const name = ctx.targetNames[0]
  const target = await ctx.target(name)
  const sharePath = SHARE_PATHS.property
  const { html } = await getPage(target.appUrl, sharePath)
  const page = extractSharePage(html)
  if (page.photoIds.length !== 20) throw new Error(`GET ${sharePath} shows ${page.photoIds.length} photos, expected 20`)
  const plan = variantPlan()
  if (!plan.has320) ctx.log(`phone: the app has no 320w variant; the static copy's thumbnails use the smallest, ${plan.thumbVariant[1]}w ("${plan.thumbVariant[0]}")`)
  const copyHtml = renderStaticCopy(page)
  // Kept after the run (the temp folder is not), to look at what was compared.
  mkdirSync(KEEP_DIR, { recursive: true })
  writeFileSync(path.join(KEEP_DIR, 'share.html'), html)
  writeFileSync(path.join(KEEP_DIR, 'static-copy.html'), copyHtml)
  ctx.log(`phone: the share page, its static copy and screenshots of both are in ${KEEP_DIR}`)
  // The steady state after a first visitor: the app knows the page's photos are open (a first
  // request of each asks the database), as the static copy holds its files.
  await warmPhotos(target.appUrl, html)
  const staticServer = await serveStaticCopy(copyHtml, await fetchCopyPhotos(page, target.appUrl), await freePort())
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS })
  const urls = { share: `${target.appUrl}${sharePath}`, static: staticServer.url }
  const measured = {}
  try {
    measured.idle = await probeBoth(ctx, browser, urls, 'idle')
    // A loaded machine: one busy loop per CPU beside the servers and the browser, at the same
    // priority, so every process gets a share of the CPU, as on a server doing other work.
    const stopLoad = startCpuLoad(os.cpus().length)
    try {
      measured.loaded = await probeBoth(ctx, browser, urls, 'loaded')
    } finally {
      await stopLoad()
    }
  } finally {
    await browser.close()
    await staticServer.close()
  }
  const where = `${sharePath.split('/')[1]} (${name})`
  const { share, static: copy } = measured.idle
  ctx.summary({ section: 'phone', metric: `FCP ${where}`, value: share.fcpMs, reference: copy.fcpMs, ratio: ratio(share.fcpMs, copy.fcpMs), goal: { atMost: 1.1 }, unit: 'ms' })
  ctx.summary({ section: 'phone', metric: `LCP ${where}`, value: share.lcpMs, reference: copy.lcpMs, ratio: ratio(share.lcpMs, copy.lcpMs), goal: { atMost: 1.0 }, unit: 'ms' })
  const loaded = measured.loaded
  const cpus = os.cpus().length
  ctx.summary({
    section: 'phone',
    metric: `FCP ${where}, loaded (${cpus} busy loops)`,
    value: loaded.share.fcpMs,
    reference: loaded.static.fcpMs,
    ratio: ratio(loaded.share.fcpMs, loaded.static.fcpMs),
    goal: null,
    unit: 'ms',
  })
  ctx.summary({
    section: 'phone',
    metric: `LCP ${where}, loaded (${cpus} busy loops)`,
    value: loaded.share.lcpMs,
    reference: loaded.static.lcpMs,
    ratio: ratio(loaded.share.lcpMs, loaded.static.lcpMs),
    goal: { atMost: 1.0 },
    unit: 'ms',
  })
  ctx.summary({
    section: 'phone',
    metric: `image bytes ${where}`,
    value: kb(share.imageBytes),
    reference: kb(copy.imageBytes),
    ratio: ratio(share.imageBytes, copy.imageBytes),
    goal: { atMost: 1.1 },
    unit: 'kB',
  })
  ctx.summary({ section: 'phone', metric: `total bytes ${where}`, value: kb(share.totalBytes), reference: kb(copy.totalBytes), ratio: ratio(share.totalBytes, copy.totalBytes), goal: null, unit: 'kB' })
  return { target: name, path: sharePath, thumbVariant: plan.thumbVariant, ...measured }
}

/** Both pages in turn, REPETITIONS times each; medians. */
async function probeBoth(ctx, browser, urls, condition) {
  const runs = { share: [], static: [] }
  for (let rep = 0; rep < REPETITIONS; rep++) {
    for (const side of ['share', 'static']) {
      // The last idle repetition keeps a screenshot of the first screen, to see what was compared.
      const screenshot = condition === 'idle' && rep === REPETITIONS - 1 ? path.join(KEEP_DIR, `${side}.png`) : null
      const result = await probe(browser, urls[side], screenshot)
      runs[side].push(result)
      ctx.log(
        `  phone ${condition} ${side} rep ${rep + 1}: FCP ${result.fcpMs} ms, LCP ${result.lcpMs} ms, images ${kb(result.imageBytes)} kB ` +
          `(${result.images} files: ${formatVariants(result.variants)}), total ${kb(result.totalBytes)} kB`,
      )
    }
  }
  const summarize = (list) => ({
    fcpMs: round(median(list.map((r) => r.fcpMs)), 0),
    lcpMs: round(median(list.map((r) => r.lcpMs)), 0),
    imageBytes: median(list.map((r) => r.imageBytes)),
    totalBytes: median(list.map((r) => r.totalBytes)),
    images: median(list.map((r) => r.images)),
    variants: list.at(-1).variants,
    runs: list,
  })
  return { share: summarize(runs.share), static: summarize(runs.static) }
}

/** Every photo address the page links, fetched once. */
async function warmPhotos(appUrl, html) {
  const paths = new Set([...html.matchAll(/\/media\/[0-9a-f-]{36}\/[^\s"',]+/g)].map((m) => m[0]))
  for (const photoPath of paths) {
    const response = await fetch(`${appUrl}${photoPath}`)
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`phone: GET ${photoPath} answered ${response.status}`)
  }
}

/** `count` processes spinning at full speed; resolves the returned stop function once they are gone. */
function startCpuLoad(count) {
  const children = Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }))
  return () =>
    Promise.all(
      children.map((child) => {
        if (child.exitCode !== null || child.signalCode !== null) return null
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGKILL')
        return exited
      }),
    )
}

/** One first visit on the emulated phone: paint timings and the bytes each kind of response cost. */
async function probe(browser, url, screenshotPath) {
  const context = await browser.newContext(PHONE)
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    const responses = new Map()
    const totals = { totalBytes: 0, imageBytes: 0, images: 0, variants: {} }
    cdp.on('Network.responseReceived', (e) => responses.set(e.requestId, { type: e.type, url: e.response.url }))
    cdp.on('Network.loadingFinished', (e) => {
      totals.totalBytes += e.encodedDataLength
      const response = responses.get(e.requestId)
      if (response?.type !== 'Image') return
      totals.imageBytes += e.encodedDataLength
      totals.images++
      const variant = /\/media\/[0-9a-f-]{36}\/(\w+)/.exec(response.url)?.[1] ?? 'other'
      totals.variants[variant] = (totals.variants[variant] ?? 0) + 1
    })
    const response = await page.goto(url, { waitUntil: 'networkidle', timeout: LOAD_TIMEOUT_MS })
    if (response?.status() !== 200) throw new Error(`phone probe: GET ${url} answered ${response?.status()}`)
    const paints = await page.evaluate(
      () =>
        new Promise((resolve) => {
          let lcp = null
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) lcp = entry.startTime
          }).observe({ type: 'largest-contentful-paint', buffered: true })
          setTimeout(() => {
            const fcp = performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')
            resolve({ fcp: fcp?.startTime ?? null, lcp })
          }, 250)
        }),
    )
    if (screenshotPath) await page.screenshot({ path: screenshotPath })
    return { fcpMs: round(paints.fcp, 0), lcpMs: round(paints.lcp, 0), ...totals }
  } finally {
    await context.close()
  }
}

const kb = (bytes) => (bytes === null ? null : round(bytes / 1000, 1))
const formatVariants = (variants) =>
  Object.entries(variants)
    .map(([name, n]) => `${n} ${name}`)
    .join(', ') || 'none'
