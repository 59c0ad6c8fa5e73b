import { AsyncLocalStorage } from 'node:async_hooks'
import { describe, expect, it } from 'vitest'
import {
  createLogger,
  logger,
  parseLogLevel,
  requestIdFrom,
  setLogDestination,
  withRequestScope,
} from '#app/lib/logger.server.ts'
import { LINE_BREAKS } from '#tests/support/logs.ts'

/** What a logger wrote, one entry per write call. */
function capture() {
  const writes: string[] = []
  return { writes, destination: { write: (line: string) => void writes.push(line) } }
}

describe('the logger', () => {
  it('writes a field holding CR/LF and a Bcc: header as one JSON line that parses back to the same text', () => {
    const { writes, destination } = capture()
    const subject = 'T\r\nBcc: evil@attacker.test'
    createLogger(destination).info({ to: 'ana@example.com', subject }, 'Mail written to the outbox')

    expect(writes).toHaveLength(1)
    const [written] = writes as [string]
    expect(written.endsWith('\n')).toBe(true)
    const lines = written.slice(0, -1).split(LINE_BREAKS)
    expect(lines).toHaveLength(1)
    expect(written).not.toMatch(/\nBcc:/)
    const line = JSON.parse(lines[0]!)
    expect(line).toMatchObject({ level: 'info', msg: 'Mail written to the outbox', to: 'ana@example.com', subject })
    expect(new Date(line.time).toISOString()).toBe(line.time)
  })

  it('keeps every control character and Unicode line break inside the line, in fields and in the message alike', () => {
    const { writes, destination } = capture()
    const hostile = [...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\x7f', '\u0085', '\u2028', '\u2029'].join('x')
    createLogger(destination).warn({ title: hostile, nested: { list: [hostile] } }, hostile)

    expect(writes).toHaveLength(1)
    const lines = writes[0]!.slice(0, -1).split(LINE_BREAKS)
    expect(lines).toHaveLength(1)
    const line = JSON.parse(lines[0]!)
    expect(line.title).toBe(hostile)
    expect(line.nested.list[0]).toBe(hostile)
    expect(line.msg).toBe(hostile)
  })

  it('writes an error given as { err } with its type, message and stack', () => {
    const { writes, destination } = capture()
    createLogger(destination).error({ err: new TypeError('boom\r\nforged') }, 'Request failed')
    const line = JSON.parse(writes[0]!)
    expect(line).toMatchObject({ level: 'error', msg: 'Request failed', err: { type: 'TypeError', message: 'boom\r\nforged' } })
    expect(line.err.stack).toContain('logger.test.ts')
    expect(writes[0]!.slice(0, -1).split(LINE_BREAKS)).toHaveLength(1)
  })

  it('adds reqId to the lines written while a request runs, awaited work included, and only then', async () => {
    const { writes, destination } = capture()
    const requests = new AsyncLocalStorage<{ reqId: string }>()
    const log = createLogger(destination, 'info', requests)
    log.info('before')
    await requests.run({ reqId: 'req-1' }, async () => {
      log.info('during')
      await new Promise((resolve) => setTimeout(resolve, 1))
      log.info('after a wait')
    })
    log.info('after')
    expect(writes.map((w) => JSON.parse(w).reqId)).toEqual([undefined, 'req-1', 'req-1', undefined])
  })

  it('leaves out lines below its level', () => {
    const { writes, destination } = capture()
    const log = createLogger(destination, 'warn')
    log.info('quiet')
    log.warn('loud')
    expect(writes.map((w) => JSON.parse(w).msg)).toEqual(['loud'])
  })

  it("the app's logger writes to a destination that can be swapped, and carries the id of the request scope", () => {
    const { writes, destination } = capture()
    const restore = setLogDestination(destination)
    try {
      withRequestScope('abc-123', () => logger.warn({ n: 1 }, 'swapped'))
      withRequestScope(undefined, () => logger.warn('no id'))
    } finally {
      restore()
    }
    expect(writes).toHaveLength(2)
    expect(JSON.parse(writes[0]!)).toMatchObject({ level: 'warn', msg: 'swapped', n: 1, reqId: 'abc-123' })
    expect(JSON.parse(writes[1]!)).not.toHaveProperty('reqId')
  })
})

describe('LOG_LEVEL', () => {
  it('takes the level names in any case, blank for info, and nothing else', () => {
    expect(parseLogLevel(undefined)).toBe('info')
    expect(parseLogLevel('')).toBe('info')
    expect(parseLogLevel('debug')).toBe('debug')
    expect(parseLogLevel(' WARN ')).toBe('warn')
    expect(parseLogLevel('silent')).toBe('silent')
    expect(parseLogLevel('verbose')).toBeNull()
    expect(parseLogLevel('30')).toBeNull()
  })
})

describe('request ids', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

  it('keeps a safe incoming X-Request-Id', () => {
    for (const id of ['abc', 'A.b_c-1', 'f47ac10b-58cc-4372-a567-0e02b2c3d479', 'x'.repeat(64)]) expect(requestIdFrom(id)).toBe(id)
  })

  it('replaces a missing, long or hostile one with a fresh UUID', () => {
    for (const id of [null, undefined, '', 'x'.repeat(65), 'a b', 'a\r\nX-Evil: 1', 'a\nb', '<script>', 'ação', 'a"b', 'a/b']) {
      expect(requestIdFrom(id)).toMatch(UUID)
    }
    expect(requestIdFrom(null)).not.toBe(requestIdFrom(null))
  })
})
