// Embedded database memory and start-up: the production server as `npm start` runs it (NODE_ENV=
// production, no DATABASE_URL, SEED_DEMO unset so the demo broker is seeded at first start) on a
// fresh DATA_DIR. After /healthz answers (the demo seed runs before the port opens) and the
// seed's record is written, 10 s idle, then the RSS of the server and any children from /proc.
// Goal ≤ 300 MB. Then a cold start on the now seeded DATA_DIR: spawn → /healthz 200.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { startServer } from '../app-server.mjs'
import { freePort, round, sleep, treeRssKib } from '../util.mjs'

const IDLE_MS = 10_000
const GOAL_MB = 300

export async function benchMemory(ctx) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'brokervault-bench-memory-'))
  try {
    const first = await timedStart(dataDir)
    let idle
    try {
      await waitForDemoSeed(dataDir)
      await sleep(IDLE_MS)
      idle = treeRssKib(first.server.pid)
    } finally {
      await first.server.stop()
    }
    const cold = await timedStart(dataDir)
    const coldRss = treeRssKib(cold.server.pid)
    await cold.server.stop()

    const rssMb = round((idle.kib * 1024) / 1e6, 0)
    ctx.log(`memory: first start (demo seed) ${first.ms} ms; idle RSS ${rssMb} MB in ${idle.processes} process(es); cold start ${cold.ms} ms`)
    ctx.summary({ section: 'memory', metric: 'npm start idle RSS (PGlite, demo)', value: rssMb, reference: null, ratio: null, goal: { atMost: GOAL_MB }, unit: 'MB' })
    ctx.summary({ section: 'memory', metric: 'cold start, seeded DATA_DIR (→ /healthz)', value: round(cold.ms / 1000, 1), reference: null, ratio: null, goal: null, unit: 's' })
    ctx.summary({ section: 'memory', metric: 'first start incl. demo seed', value: round(first.ms / 1000, 1), reference: null, ratio: null, goal: null, unit: 's' })
    return {
      firstStartMs: first.ms,
      idleRssMB: rssMb,
      idleProcesses: idle.processes,
      coldStartMs: cold.ms,
      rssRightAfterColdStartMB: round((coldRss.kib * 1024) / 1e6, 0),
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** Spawn → first /healthz 200, polled every 50 ms. */
async function timedStart(dataDir) {
  const server = startServer({ port: await freePort(), dataDir, env: {} })
  const started = performance.now()
  try {
    await server.waitUntilHealthy({ pollMs: 50 })
  } catch (error) {
    console.error(`--- last lines of the memory server ---\n${server.log.join('\n')}\n---`)
    await server.stop()
    throw error
  }
  return { server, ms: Math.round(performance.now() - started) }
}

/** demo-account.json names the seeded account once the portfolio is in (demo-account.server.ts). */
async function waitForDemoSeed(dataDir) {
  const file = path.join(dataDir, 'demo-account.json')
  for (let waited = 0; waited < 120_000; waited += 250) {
    if (existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).portfolioSeededFor) return
    await sleep(250)
  }
  throw new Error('the demo seed did not finish within 120 s (no portfolioSeededFor in demo-account.json)')
}
