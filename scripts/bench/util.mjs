// Small helpers shared by the bench's files: paths, timing, ports, cookies, medians, /proc memory.
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const SERVER_BUNDLE = path.join(ROOT, 'build/server/index.js')

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** True when the promise settles within ms. */
export const within = (promise, ms) => {
  let timer
  return Promise.race([
    promise.then(() => true),
    new Promise((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ]).finally(() => clearTimeout(timer))
}

export const elapsed = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`

export function median(values) {
  const sorted = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b)
  if (sorted.length === 0) return null
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

export const round = (n, digits = 2) => (n === null || n === undefined ? null : Number(n.toFixed(digits)))
export const ratio = (a, b) => (a === null || b === null || b === 0 ? null : round(a / b, 2))

/** A port nobody listens on, asked from the OS the way server.mjs listens (all interfaces). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/** Cookies by name, as a browser keeps them: later Set-Cookie values replace, Max-Age=0 deletes. */
export class CookieJar {
  #cookies = new Map()
  take(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const name = pair.slice(0, pair.indexOf('=')).trim()
      const value = pair.slice(pair.indexOf('=') + 1).trim()
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))
      if (expired || value === '') this.#cookies.delete(name)
      else this.#cookies.set(name, value)
    }
  }
  has(name) {
    return this.#cookies.has(name)
  }
  get header() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

/** Bytes on the wire with Accept-Encoding: gzip (fetch would decompress, so plain http). */
export function gzipTransferSize(url, cookie = '') {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { Cookie: cookie, 'Accept-Encoding': 'gzip' } }, (response) => {
      let bytes = 0
      response.on('data', (chunk) => (bytes += chunk.length))
      response.on('end', () => {
        const encoding = response.headers['content-encoding']
        if (response.statusCode !== 200 || encoding !== 'gzip') {
          reject(new Error(`gzip GET ${url}: HTTP ${response.statusCode}, Content-Encoding ${encoding ?? 'none'}`))
        } else resolve(bytes)
      })
      response.on('error', reject)
    })
    request.setTimeout(30_000, () => request.destroy(new Error(`gzip GET ${url}: timed out`)))
    request.on('error', reject)
  })
}

/** A process's resident memory in KiB (Linux /proc), or null elsewhere. */
export function rssKib(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])
  } catch {
    return null
  }
}

/** RSS of a process and all its descendants in KiB (children: a worker or a database process, if any). */
export function treeRssKib(pid) {
  const children = new Map()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // Field 4 of /proc/PID/stat is the parent; the name (field 2) may hold spaces, so split after ")".
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (!children.has(parent)) children.set(parent, [])
      children.get(parent).push(Number(entry))
    } catch {
      // gone meanwhile
    }
  }
  let total = 0
  let processes = 0
  const visit = (p) => {
    const kib = rssKib(p)
    if (kib) {
      total += kib
      processes++
    }
    for (const child of children.get(p) ?? []) visit(child)
  }
  visit(pid)
  return { kib: total, processes }
}

/** Every resource registers how to release it; released in reverse order, always, once. */
export class Cleanup {
  #steps = []
  #running = null
  add(label, fn) {
    this.#steps.push({ label, fn })
  }
  run() {
    this.#running ??= this.#runSteps()
    return this.#running
  }
  async #runSteps() {
    for (let step = this.#steps.pop(); step; step = this.#steps.pop()) {
      try {
        await step.fn()
      } catch (error) {
        console.error(`cleanup: ${step.label} failed:`, error)
      }
    }
  }
}

/**
 * A small reference server of the bench (`node script ...args`, production) as a child process;
 * resolves when `url` answers 200. stop(): SIGTERM, SIGKILL after 5 s.
 */
export async function startNodeServer({ name, script, args, cwd = ROOT, url }) {
  const child = spawn(process.execPath, [script, ...args], { cwd, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'pipe'] })
  const log = []
  child.stdout.on('data', (c) => log.push(c.toString()))
  child.stderr.on('data', (c) => log.push(c.toString()))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  for (let tries = 0; ; tries++) {
    const status = await fetch(url).then((r) => r.text().then(() => r.status), () => 0)
    if (status === 200) break
    if (child.exitCode !== null || tries > 200) {
      child.kill('SIGKILL')
      throw new Error(`${name} server did not start:\n${log.join('')}`)
    }
    await sleep(100)
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      if (!(await within(exited, 5000))) child.kill('SIGKILL')
    },
  }
}
