import path from 'node:path'
import type { ServerBuild } from 'react-router'

type EntryModule = {
  settleShareViews: () => Promise<void>
  createAppRequestHandler: (
    build: ServerBuild,
    mode?: string,
  ) => (request: Request, client?: { address?: string }) => Promise<Response>
}

const buildPath = path.resolve(process.env.BUILD_DIR ?? 'build', 'server/index.js')
const build = (await import(/* @vite-ignore */ buildPath).catch(() => {
  throw new Error('build/server/index.js is missing: run `npm run build` before the integration tests.')
})) as ServerBuild
const handle = (build.entry.module as unknown as EntryModule).createAppRequestHandler(build, 'production')

/** Share views are written after the page is answered: wait for them before reading counts. */
export const settleShareViews = () => (build.entry.module as unknown as EntryModule).settleShareViews()

/** The server build under test: its route manifest lists every route and which have actions. */
export const serverBuild = build

export const ORIGIN = 'http://localhost:3000'

type SendOptions = {
  method?: string
  form?: Record<string, string>
  headers?: Record<string, string>
  ip?: string
}

/**
 * A browser without JavaScript: keeps cookies, sends same-origin form posts, does not follow
 * redirects (tests assert on them). Each instance has its own IP unless told otherwise, so
 * rate limits do not leak between tests.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>()
  readonly ip: string

  constructor(ip = `10.${rand()}.${rand()}.${rand()}`) {
    this.ip = ip
  }

  async send(pathname: string, options: SendOptions = {}): Promise<Response> {
    const method = options.method ?? (options.form ? 'POST' : 'GET')
    const headers = new Headers(options.headers)
    if (this.cookies.size) headers.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    let body: string | undefined
    if (options.form) {
      headers.set('Content-Type', 'application/x-www-form-urlencoded')
      if (!headers.has('Origin')) headers.set('Origin', ORIGIN)
      if (!headers.has('Sec-Fetch-Site')) headers.set('Sec-Fetch-Site', 'same-origin')
      body = new URLSearchParams(options.form).toString()
    }
    const response = await handle(new Request(new URL(pathname, ORIGIN), { method, headers, body }), {
      address: options.ip ?? this.ip,
    })
    this.storeCookies(response)
    return response
  }

  get(pathname: string, options: Omit<SendOptions, 'form' | 'method'> = {}) {
    return this.send(pathname, options)
  }

  post(pathname: string, form: Record<string, string>, options: Omit<SendOptions, 'form'> = {}) {
    return this.send(pathname, { ...options, form })
  }

  /** A same-origin multipart form post, as a browser sends file uploads; the body sets the boundary. */
  async postMultipart(pathname: string, formData: FormData): Promise<Response> {
    const headers = new Headers({ Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' })
    if (this.cookies.size) headers.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    const response = await handle(new Request(new URL(pathname, ORIGIN), { method: 'POST', headers, body: formData }), {
      address: this.ip,
    })
    this.storeCookies(response)
    return response
  }

  /**
   * Any request as it is given (method, headers, body), with this browser's cookies (after
   * any given in a Cookie header) and address; a write carries same-origin headers unless
   * told otherwise.
   */
  async raw(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    const jar = [...this.cookies].map(([k, v]) => `${k}=${v}`)
    if (jar.length) headers.set('Cookie', [headers.get('Cookie'), ...jar].filter(Boolean).join('; '))
    const method = (init.method ?? 'GET').toUpperCase()
    if (method !== 'GET' && method !== 'HEAD') {
      if (!headers.has('Origin')) headers.set('Origin', ORIGIN)
      if (!headers.has('Sec-Fetch-Site')) headers.set('Sec-Fetch-Site', 'same-origin')
    }
    const response = await handle(new Request(new URL(pathname, ORIGIN), { ...init, headers }), { address: this.ip })
    this.storeCookies(response)
    return response
  }

  /**
   * A POST as another server sends it (a mail provider's one-click unsubscribe, a webhook): no
   * Origin, no Sec-Fetch-Site, no cookie, the body and headers exactly as given.
   */
  async serverPost(pathname: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
    return handle(new Request(new URL(pathname, ORIGIN), { method: 'POST', headers, body }), { address: this.ip })
  }

  /** GET and follow redirects, as a browser does after a form post. */
  async follow(response: Response, limit = 5): Promise<{ response: Response; path: string }> {
    let current = response
    let currentPath = ''
    for (let i = 0; i < limit && current.status >= 300 && current.status < 400; i++) {
      const location = current.headers.get('Location')
      if (!location) break
      currentPath = new URL(location, ORIGIN).pathname + new URL(location, ORIGIN).search
      current = await this.get(currentPath)
    }
    return { response: current, path: currentPath }
  }

  private storeCookies(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === ''
      if (expired) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
}

function rand() {
  return Math.floor(Math.random() * 250) + 1
}

export function uniqueEmail(prefix = 'broker') {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

export const GOOD_PASSWORD = 'correct-horse-battery-staple'

/** Signs up through the real form; returns the e-mail. */
export async function signUpBroker(browser: TestBrowser, fullName = 'Test Broker', email = uniqueEmail()) {
  const response = await browser.post('/auth?mode=signup', { intent: 'signup', fullName, email, password: GOOD_PASSWORD })
  if (response.status !== 302) throw new Error(`sign-up failed with ${response.status}: ${await response.text()}`)
  return email
}

export async function signIn(browser: TestBrowser, email: string, password = GOOD_PASSWORD) {
  return browser.post('/auth', { intent: 'signin', email, password })
}

/** A new browser with a freshly signed-up, signed-in broker. */
export async function signedInBroker(fullName = 'Test Broker') {
  const browser = new TestBrowser()
  const email = await signUpBroker(browser, fullName)
  const response = await signIn(browser, email)
  if (response.status !== 302) throw new Error(`sign-in failed with ${response.status}`)
  return { browser, email }
}
