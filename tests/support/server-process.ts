import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { LogLine } from './logs.ts'

/** A port nobody listens on right now (the OS picks it; tiny race until the child takes it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/**
 * The database a spawned server uses, after the project running the test: the Postgres project
 * sets DATABASE_URL (its test database; migrations take turns through an advisory lock), the
 * PGlite project gets an in-memory database of the child's own.
 */
export function projectDatabaseEnv(): Record<string, string> {
  return process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { PGLITE_DIR: 'memory://' }
}

export type ServerProcess = {
  url: string
  child: ChildProcess
  /** Every line the server wrote to stdout and stderr, in order. */
  lines: string[]
  /**
   * The app's log lines (app/lib/logger.server.ts: one JSON object per line), parsed; lines that
   * are not JSON (server.mjs's own console lines) are left out.
   */
  logs(): LogLine[]
  /** Lines with a stack trace: a plain `    at …` line, or a log line whose `err` has a stack. */
  stackTraces(): string[]
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>
  /** The first log line (parsed) that `match` accepts, waiting for it. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>
  waitUntilHealthy(timeoutMs?: number): Promise<void>
  /** SIGKILL if still running, and the data folder removed. For afterEach/finally. */
  dispose(): Promise<void>
}

/** `node server.mjs` on the production build, as `npm run serve` starts it (or `worker.mjs`, as `npm run worker`). */
export async function startServerProcess(env: Record<string, string> = {}, script: 'server.mjs' | 'worker.mjs' = 'server.mjs'): Promise<ServerProcess> {
  const port = await freePort()
  const url = `http://localhost:${port}`
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'brokervault-server-'))
  const child = spawn(process.execPath, [script], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
    // Built from nothing, so the test runner's own settings do not leak into the server.
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(24).toString('base64url'),
      RATE_LIMIT_SIGNUP_PER_IP: '1000',
      RATE_LIMIT_SIGNIN_PER_IP: '1000',
      RATE_LIMIT_RESET_PER_IP: '1000',
      // Off unless a test asks: servers of other test files share the Postgres test database,
      // and their workers would otherwise take (and send elsewhere) the jobs a test waits for.
      JOBS_IN_PROCESS: '0',
      // Lead routing sweeps every agency's new leads (docs/decisions/037): off unless a test asks,
      // for the same reason (another file's leads wait unrouted in the shared database).
      LEAD_ROUTING: '0',
      // No demo portfolio (seconds of photo encoding per start) unless a test asks for it.
      SEED_DEMO: '0',
      ...env,
    },
  })
  const lines: string[] = []
  const waiters = new Set<() => void>()
  // A line may arrive in two chunks (a long one with a stack): the unfinished end waits for the rest.
  const collect = (stream: NodeJS.ReadableStream | null) => {
    let partial = ''
    const add = (pieces: string[]) => {
      lines.push(...pieces.filter(Boolean))
      for (const wake of waiters) wake()
    }
    stream?.on('data', (chunk: Buffer) => {
      const pieces = (partial + chunk.toString()).split('\n')
      partial = pieces.pop() ?? ''
      add(pieces)
    })
    stream?.on('end', () => add([partial]))
  }
  collect(child.stdout)
  collect(child.stderr)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  let hasExited = false
  void exited.then(() => {
    hasExited = true
    for (const wake of waiters) wake()
  })

  const logs = () => lines.flatMap((line) => (line.startsWith('{') ? [JSON.parse(line) as LogLine] : []))

  function waitForLine(pattern: RegExp, timeoutMs = 30_000) {
    return waitUntil((line) => pattern.test(line), String(pattern), timeoutMs)
  }

  async function waitForLog(match: (line: LogLine) => boolean, timeoutMs = 30_000) {
    const isMatch = (line: string) => line.startsWith('{') && match(JSON.parse(line) as LogLine)
    return JSON.parse(await waitUntil(isMatch, `a log line ${String(match)}`, timeoutMs)) as LogLine
  }

  function waitUntil(isMatch: (line: string) => boolean, what: string, timeoutMs: number) {
    return new Promise<string>((resolve, reject) => {
      const check = () => {
        const line = lines.find(isMatch)
        if (line !== undefined) return done(() => resolve(line))
        if (hasExited) done(() => reject(new Error(`server exited before logging ${what}:\n${lines.join('\n')}`)))
      }
      const timer = setTimeout(() => done(() => reject(new Error(`no line ${what} within ${timeoutMs} ms:\n${lines.join('\n')}`))), timeoutMs)
      const done = (settle: () => void) => {
        clearTimeout(timer)
        waiters.delete(check)
        settle()
      }
      waiters.add(check)
      check()
    })
  }

  return {
    url,
    child,
    lines,
    logs,
    stackTraces: () => lines.filter((line) => /^\s+at /.test(line) || (line.startsWith('{') && /"stack":/.test(line))),
    exited,
    waitForLine,
    waitForLog,
    async waitUntilHealthy(timeoutMs = 60_000) {
      await waitForLine(/listening on/, timeoutMs)
    },
    async dispose() {
      if (!hasExited) {
        child.kill('SIGKILL')
        await exited
      }
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Cookies as a browser keeps them, for fetch against a real server. */
export class CookieJar {
  readonly cookies = new Map<string, string>()

  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const name = pair.slice(0, pair.indexOf('=')).trim()
      const value = pair.slice(pair.indexOf('=') + 1).trim()
      if (value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

/** A same-origin form post, as a browser without JavaScript sends it; redirects are not followed. */
export async function postForm(baseUrl: string, pathname: string, form: Record<string, string>, jar: CookieJar) {
  const response = await fetch(`${baseUrl}${pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Origin: baseUrl,
      'Sec-Fetch-Site': 'same-origin',
      'Content-Type': 'application/x-www-form-urlencoded',
      Cookie: jar.header,
    },
    body: new URLSearchParams(form),
  })
  jar.take(response)
  return response
}

export async function getPage(baseUrl: string, pathname: string, jar: CookieJar) {
  const response = await fetch(`${baseUrl}${pathname}`, { redirect: 'manual', headers: { Cookie: jar.header } })
  jar.take(response)
  return response
}

/** Signs a new broker up and in through the real /auth forms; the jar then holds the session. */
export async function signedInJar(baseUrl: string) {
  const jar = new CookieJar()
  const email = `server-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.com`
  const password = 'correct-horse-battery-staple'
  const signUp = await postForm(baseUrl, '/auth?mode=signup', { intent: 'signup', fullName: 'Server Test', email, password }, jar)
  if (signUp.status !== 302) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`)
  const signIn = await postForm(baseUrl, '/auth', { intent: 'signin', email, password }, jar)
  if (signIn.status !== 302 || !jar.cookies.has('bv_session')) throw new Error(`sign-in answered ${signIn.status}`)
  return jar
}
