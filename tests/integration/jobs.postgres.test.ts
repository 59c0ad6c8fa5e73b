import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { stopJobQueue } from '#db/job-queue.server.ts'
import { sendMail } from '#app/modules/mail/outbound.server.ts'
import { projectDatabaseEnv, startServerProcess, type ServerProcess } from '#tests/support/server-process.ts'
import { addressesOf, startSmtpListener, waitFor, type SmtpListener } from '#tests/support/smtp.ts'

let processes: ServerProcess[] = []
let smtp: SmtpListener | null = null
afterEach(async () => {
  for (const p of processes) await p.dispose()
  processes = []
  await smtp?.close()
  smtp = null
})

// This test file queued mail from its own process: stop that queue with the file.
afterAll(() => stopJobQueue())

describe('background jobs with several processes on one database', () => {
  it('an app server and `npm run worker` share the queue and never send the same mail twice', async () => {
    smtp = await startSmtpListener()
    const env = { ...projectDatabaseEnv(), SMTP_URL: smtp.url }
    const server = await startServerProcess({ ...env, JOBS_IN_PROCESS: '1' })
    const worker = await startServerProcess(env, 'worker.mjs')
    processes.push(server, worker)
    await server.waitUntilHealthy()
    await worker.waitForLog((line) => line.msg === 'BrokerVault worker started')
    await server.waitForLog((line) => line.msg === 'Background jobs running')
    await worker.waitForLog((line) => line.msg === 'Background jobs running')

    const run = randomBytes(4).toString('hex')
    const recipients = Array.from({ length: 16 }, (_, i) => `twice-${run}-${i}@example.com`)
    await Promise.all(recipients.map((to) => sendMail({ to, subject: `Job ${to}`, paragraphs: ['Once only.'] })))

    const ours = () => smtp!.received.filter((m) => addressesOf(m).some((a) => a.startsWith(`twice-${run}-`)))
    await waitFor(() => (ours().length >= recipients.length ? true : undefined), 45_000, 'every mail')
    // Time for a duplicate to show up, if a job were taken twice.
    await new Promise((resolve) => setTimeout(resolve, 3000))
    const delivered = ours().flatMap(addressesOf).sort()
    expect(delivered).toEqual([...recipients].sort())
  }, 120_000)

  it('a separate worker needs a PostgreSQL server: on the embedded database it says so and exits', async () => {
    const worker = await startServerProcess({ PGLITE_DIR: 'memory://' }, 'worker.mjs')
    processes.push(worker)
    const { code } = await worker.exited
    expect(code).toBe(1)
    expect(worker.logs()).toEqual([
      expect.objectContaining({
        level: 'fatal',
        msg: 'BrokerVault worker could not start',
        reason: expect.stringContaining('a separate worker needs DATABASE_URL (a PostgreSQL server)'),
      }),
    ])
    expect(worker.lines).toHaveLength(1)
  }, 60_000)
})
