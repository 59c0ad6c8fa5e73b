// The app's production server (`node server.mjs`) as a child process of the bench.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { ROOT, SERVER_BUNDLE, sleep, within } from './util.mjs'

const HEALTH_TIMEOUT_MS = 120_000
// The bench's server gets SHUTDOWN_TIMEOUT=10 (seconds) to drain; wait a little longer before SIGKILL.
const SERVER_SHUTDOWN_TIMEOUT_SECONDS = 10
const STOP_TIMEOUT_MS = 15_000
const SERVER_LOG_LINES = 60

/**
 * Starts `node server.mjs` with NODE_ENV=production on a port of its own. extraEnv may carry
 * DATABASE_URL (Postgres target); without it the server opens DATA_DIR/pglite. The caller's
 * PGLITE_DIR, SEED_DEMO, TRUST_PROXY and S3_BUCKET are dropped unless extraEnv sets them.
 */
export function startServer({ port, dataDir, env: extraEnv = {} }) {
  const appUrl = `http://localhost:${port}`
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    APP_URL: appUrl,
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    // One sign-in per target only, but a shared machine's earlier runs must not lock us out.
    RATE_LIMIT_SIGNIN_PER_IP: '1000',
    SHUTDOWN_TIMEOUT: String(SERVER_SHUTDOWN_TIMEOUT_SECONDS),
    ...extraEnv,
  }
  // The caller's shell must not redirect the app elsewhere (PGlite target: no DATABASE_URL).
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL
  for (const name of ['PGLITE_DIR', 'SEED_DEMO', 'TRUST_PROXY', 'S3_BUCKET']) if (!(name in extraEnv)) delete env[name]

  const child = spawn(process.execPath, ['server.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  // Kept quiet unless something fails; then the last lines explain why.
  const log = []
  const keep = (chunk) => {
    log.push(...chunk.toString().split('\n').filter(Boolean))
    log.splice(0, Math.max(0, log.length - SERVER_LOG_LINES))
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))

  return {
    appUrl,
    log,
    pid: child.pid,
    get running() {
      return child.exitCode === null && child.signalCode === null
    },
    async waitUntilHealthy({ pollMs = 250 } = {}) {
      const deadline = Date.now() + HEALTH_TIMEOUT_MS
      let stopped = null
      exited.then((result) => (stopped = result))
      while (Date.now() < deadline) {
        if (stopped) {
          const hint = existsSync(SERVER_BUNDLE) ? '' : ` — ${path.relative(ROOT, SERVER_BUNDLE)} is gone (a build running?)`
          throw new Error(`server exited before it was healthy (code ${stopped.code}, signal ${stopped.signal})${hint}`)
        }
        const status = await fetch(`${appUrl}/healthz`).then((r) => r.status, () => 0)
        if (status === 200) return
        await sleep(pollMs)
      }
      throw new Error(`GET /healthz did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s`)
    },
    /** SIGTERM and wait for the graceful exit; SIGKILL only when it hangs. */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      if (await within(exited, STOP_TIMEOUT_MS)) return
      console.error(`server did not exit ${STOP_TIMEOUT_MS / 1000} s after SIGTERM: killing it`)
      child.kill('SIGKILL')
      await within(exited, 5000)
    },
  }
}

