import fc from 'fast-check'

/*
 * Raw HTTP/1.x requests as hostile clients write them: request lines, Host headers, header sets
 * and byte strings that no fetch client would send (issue 23). Built as bytes, never normalised.
 */

// The inputs that once stopped the server (issue 23), and their relatives.
export const CRASHING_HOSTS = ['x@y', 'a:b@127.0.0.1', 'a b', '[', '%', '127.0.0.1:99999', '']
export const CRASHING_TARGETS = (port: number) => ['//x@y', '//a:b@c/home', `http://u:p@127.0.0.1:${port}/`, 'http://a@/auth', '//%40', '///a@']

const PATHS = ['/', '/healthz', '/home', '/auth', '/properties', '/pricing', '/preview/abc', '/preview/AAAAAAAAAAAAAAAAAAAAAA', '/client-listing/x', '/client-listing/BBBBBBBBBBBBBBBBBBBBBB?utm_source=x', '/media/x/thumb', '/assets/x.js', '/unsubscribe/t', '/webhooks/stripe', '/logout']

const methods = fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', 'CONNECT', 'PROPFIND', 'get', 'G ET', '')

const hostileChars = fc.constantFrom('@', ':', '%', '%00', '%zz', '[', ']', '\\', '#', '?', ' ', '\t', '..', '//', '\u00e9', '\u0000', '\u007f', '*', ';', '=')

const target = (port: number) =>
  fc.oneof(
    fc.constantFrom(...CRASHING_TARGETS(port), '*', 'http://evil.example/', 'https://evil.example/home', `http://127.0.0.1:${port}/healthz`, 'HTTP://x/', 'http://[/', 'http:///', 'localhost:80', '', '/?%', '/%', '/%%30', '/..%2f..%2fetc/passwd'),
    fc.constantFrom(...PATHS),
    fc.tuple(fc.constantFrom('/', '//', '///', 'http://', 'http://a@', ''), fc.array(fc.oneof(hostileChars, fc.string({ maxLength: 6 })), { maxLength: 6 })).map(([head, parts]) => head + parts.join('')),
    fc.tuple(fc.constantFrom(...PATHS), fc.string({ maxLength: 40 })).map(([path, query]) => `${path}?${query}`),
  )

const host = (port: number) =>
  fc.oneof(
    fc.constantFrom(...CRASHING_HOSTS, 'localhost', `localhost:${port}`, `127.0.0.1:${port}`, '[::1]', `[::1]:${port}`, 'evil.example', 'a'.repeat(300), 'localhost:', 'localhost:-1', '1.2.3.4:0'),
    fc.array(fc.oneof(hostileChars, fc.string({ maxLength: 5 })), { maxLength: 5 }).map((parts) => parts.join('')),
  )

const version = fc.constantFrom('HTTP/1.1', 'HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/0.9', 'HTTP/2.0', 'HTTP/1.x', 'http/1.1', '')

const headerName = fc.oneof(
  fc.constantFrom('Accept', 'Cookie', 'Content-Type', 'Origin', 'Sec-Fetch-Site', 'X-Forwarded-For', 'X-Request-Id', 'Accept-Language', 'User-Agent', 'Range', 'If-None-Match', 'Expect', 'Upgrade'),
  fc.string({ minLength: 0, maxLength: 12 }),
)
const headerValue = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.constantFrom('bv_session=x; bv_nav=%', 'bv_visitor=%E0%A4%A; bv_theme="dark', 'bv_visitor=a; bv_visitor=b', 'application/x-www-form-urlencoded', 'multipart/form-data', 'null', 'bytes=0-0,-1', '100-continue', 'websocket', 'x'.repeat(9_000)),
)

type Body = { headers: readonly string[]; bytes: string }
const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant({ headers: [], bytes: '' }),
  fc.string({ maxLength: 200 }).map((text) => ({ headers: [`Content-Length: ${Buffer.byteLength(text)}`], bytes: text })),
  // Lengths that lie, conflict or overflow.
  fc.constantFrom(
    { headers: ['Content-Length: 10'], bytes: 'abc' },
    { headers: ['Content-Length: -1'], bytes: '' },
    { headers: ['Content-Length: 1e3'], bytes: '' },
    { headers: ['Content-Length: 99999999999999999999'], bytes: '' },
    { headers: ['Content-Length: 3', 'Content-Length: 4'], bytes: 'abcd' },
    { headers: ['Transfer-Encoding: chunked'], bytes: '3\r\nabc\r\n0\r\n\r\n' },
    { headers: ['Transfer-Encoding: chunked'], bytes: 'zz\r\nabc\r\n' },
    { headers: ['Transfer-Encoding: chunked', 'Content-Length: 3'], bytes: '3\r\nabc\r\n0\r\n\r\n' },
    { headers: ['Transfer-Encoding: gzip, chunked'], bytes: '0\r\n\r\n' },
    { headers: ['Content-Type: application/x-www-form-urlencoded', 'Content-Length: 7'], bytes: 'intent=' },
    { headers: ['Content-Type: multipart/form-data; boundary=x', 'Content-Length: 12'], bytes: '--x\r\n\r\n--x--' },
  ),
)

export type RawRequestShape = {
  method: string
  target: string
  version: string
  hosts: string[]
  headers: [string, string][]
  obsFold: boolean
  hugeHeaderBytes: number
  body: Body
}

export const rawRequestShape = (port: number): fc.Arbitrary<RawRequestShape> =>
  fc.record({
    method: methods,
    target: target(port),
    version,
    hosts: fc.oneof(fc.constant([] as string[]), fc.array(host(port), { minLength: 1, maxLength: 1 }), fc.array(host(port), { minLength: 2, maxLength: 3 })),
    headers: fc.array(fc.tuple(headerName, headerValue), { maxLength: 5 }),
    obsFold: fc.boolean(),
    hugeHeaderBytes: fc.constantFrom(0, 0, 0, 20_000, 70_000),
    body,
  })

/** The bytes of one request, exactly as shaped (CR, LF and NUL inside values stay in). */
export function rawRequestBytes(shape: RawRequestShape): string {
  const lines = [`${shape.method} ${shape.target} ${shape.version}`.trimEnd()]
  for (const host of shape.hosts) lines.push(`Host: ${host}`)
  for (const [name, value] of shape.headers) lines.push(`${name}: ${value}`)
  // obs-fold: a header value continued on the next line (RFC 9112 §5.2 says reject or replace).
  if (shape.obsFold) lines.push('X-Folded: first', ' continued')
  if (shape.hugeHeaderBytes) lines.push(`X-Huge: ${'h'.repeat(shape.hugeHeaderBytes)}`)
  lines.push(...shape.body.headers)
  return `${lines.join('\r\n')}\r\n\r\n${shape.body.bytes}`
}

/** Random byte strings: no structure at all, or a real request line followed by noise. */
export const rawNoise = fc.oneof(
  fc.uint8Array({ minLength: 1, maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.concat([Buffer.from('GET / HTTP/1.1\r\nHost: localhost\r\n'), Buffer.from(bytes)])),
)
