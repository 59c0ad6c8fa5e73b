import { afterEach, describe, expect, it } from 'vitest'
import { startServerProcess, type ServerProcess } from '#tests/support/server-process.ts'

let server: ServerProcess | null = null
afterEach(async () => {
  await server?.dispose()
  server = null
})

/**
 * Issue 25: `npm start` printed the demo credentials twice on a first start. server.mjs prepares
 * a new embedded database in a child process, then prepares again itself; both logged them.
 * About the embedded database only, so it runs in the PGlite project.
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))('the first start of the embedded database', () => {
  it('prints the demo credentials once, and what the preparing child seeded without them', { timeout: 180_000 }, async () => {
    // No DATABASE_URL: the embedded database, in the server's own new DATA_DIR.
    server = await startServerProcess({ SEED_DEMO: '1' })
    await server.waitUntilHealthy(150_000)
    const logs = server.logs()
    const ready = logs.filter((line) => line.msg === 'Demo broker ready')
    expect(ready).toHaveLength(1)
    const password = String(ready[0]!.password)
    expect(password).toMatch(/^demo-\S{12,}$/)
    expect(server.lines.filter((line) => line.includes(password))).toHaveLength(1)
    const seeded = logs.filter((line) => line.msg === 'Demo portfolio seeded')
    expect(seeded).toHaveLength(1)
    expect(seeded[0]).toMatchObject({ portfolio: expect.objectContaining({ properties: 12 }) })
    expect(seeded[0]).not.toHaveProperty('password')
  })
})
