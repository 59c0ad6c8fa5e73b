// Inbound mail (issue 27): 1,000 mails read, filed as leads and routed in under 30 s. One target
// per process (the server bundle reads its configuration once): `node scripts/bench/inbound-child.mjs
// --target=pglite|postgres`, run by scripts/bench/sections/inbound.mjs.
//   1. a fresh database (PGlite in a temp folder, or `{bench database}_inbound` on the bench's
//      PostgreSQL server), migrated, with a 5-member agency and its inbound address,
//   2. the built server bundle imported with that database and its job queue started (routing
//      queues the members' mails), then the clock: every mail through `receiveMail` (read with
//      mailparser, the contact and property found, filed; 8 at a time, as concurrent deliveries
//      arrive) and the routing sweep until nothing is left to route,
//   3. checked: 1,000 leads, each routed to a member; the database and folder removed.
// Prints `RESULT {json}` on its last line.
import { mkdtempSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { createTargetDatabase } from './database.mjs'
import { agencyMembers, insertAgency } from './seed.mjs'
import { Cleanup, SERVER_BUNDLE } from './util.mjs'

const MAILS = 1000
const CONCURRENCY = 8
const DOMAIN = 'leads.bench.test'
const TOKEN = 'benchinboundtoke'
const ADDRESS = `leads+${TOKEN}@${DOMAIN}`

const { values: options } = parseArgs({ options: { target: { type: 'string', default: 'pglite' } } })

/** A mix of what portals and people send: labelled text, an HTML table, a vCard, another language. */
function mail(i) {
  const id = `<bench-${i}-${Date.now()}@portal.example>`
  const head = (from, subject, type) => [`From: ${from}`, `To: ${ADDRESS}`, `Subject: ${subject}`, `Message-ID: ${id}`, 'MIME-Version: 1.0', type]
  switch (i % 4) {
    case 0:
      return [...head('"Portal" <no-reply@portal.example>', `New enquiry for Ref. BENCH-${i}`, 'Content-Type: text/plain; charset=utf-8'), '', `Name: Person ${i}`, `Email: person${i}@example.com`, `Phone: +351 912 ${String(100000 + i).slice(-6)}`, 'Message: Is it still available? I could visit on Saturday morning.', ''].join('\r\n')
    case 1:
      return [...head(`Ana ${i} <ana${i}@example.com>`, 'Pedido de informação', 'Content-Type: text/html; charset=utf-8'), '', `<html><body><table><tr><td>Nome:</td><td>Ana ${i}</td></tr><tr><td>Telefone:</td><td>912 ${String(200000 + i).slice(-6)}</td></tr><tr><td>Mensagem:</td><td>Gostaria de visitar o apartamento.</td></tr></table><p><a href="https://agency.example/listing/${i}">Ver</a></p></body></html>`, ''].join('\r\n')
    case 2: {
      const boundary = `b${i}`
      return [
        ...head(`Forwarder <forward${i}@example.com>`, `Fwd: enquiry ${i}`, `Content-Type: multipart/mixed; boundary="${boundary}"`),
        '',
        `--${boundary}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Please call me back about the house.',
        `--${boundary}`,
        `Content-Type: text/vcard; name="contact${i}.vcf"`,
        `Content-Disposition: attachment; filename="contact${i}.vcf"`,
        '',
        `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Vera ${i}\r\nEMAIL:vera${i}@example.com\r\nTEL:+351 934 ${String(300000 + i).slice(-6)}\r\nEND:VCARD`,
        `--${boundary}--`,
        '',
      ].join('\r\n')
    }
    default:
      return [...head(`Jean ${i} <jean${i}@example.fr>`, 'Demande de visite', 'Content-Type: text/plain; charset=utf-8'), '', `Nom : Jean ${i}`, `Téléphone : +33 6 12 ${String(340000 + i).slice(-6)}`, 'Message : Je souhaite visiter ce bien. Disponibilités : mardi soir.', ''].join('\r\n')
  }
}

const cleanup = new Cleanup()
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'brokervault-bench-inbound-'))
cleanup.add(`remove ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }))
try {
  const { db, env } = await createTargetDatabase(options.target, { dataDir, cleanup, suffix: 'inbound' })
  let agencyId
  try {
    const seeded = await insertAgency(db, agencyMembers('bench-inbound', 5), 'not-a-hash')
    agencyId = seeded.agencyId
    await db.query('insert into lead_inboxes (agency_id, token) values ($1, $2)', [agencyId, TOKEN])
  } finally {
    await db.close()
  }
  Object.assign(process.env, {
    NODE_ENV: 'production',
    APP_URL: 'http://localhost:3000',
    SESSION_SECRET: 'bench-inbound-secret-0123456789',
    DATA_DIR: dataDir,
    JOBS_IN_PROCESS: '0',
    SEED_DEMO: '0',
    INBOUND_MAIL_DOMAIN: DOMAIN,
    INBOUND_MAIL_PER_AGENCY_PER_HOUR: String(MAILS * 10),
    LOG_LEVEL: 'warn',
    ...(options.target === 'pglite' ? { PGLITE_DIR: path.join(dataDir, 'pglite') } : env),
  })
  if (options.target === 'pglite') delete process.env.DATABASE_URL
  const mails = Array.from({ length: MAILS }, (_, i) => Buffer.from(mail(i)))
  const build = await import(pathToFileURL(SERVER_BUNDLE).href)
  const { prepareServer, getJobQueue, receiveMail, runLeadRouting, closeServerResources } = build.entry.module
  cleanup.add('close the bundle', () => closeServerResources())
  await prepareServer()
  await getJobQueue()

  const started = performance.now()
  let created = 0
  let next = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < mails.length) {
        const received = await receiveMail(mails[next++])
        created += received.outcomes.filter((outcome) => outcome.status === 'created' && outcome.agencyId === agencyId).length
      }
    }),
  )
  const filedSeconds = (performance.now() - started) / 1000
  let routed = 0
  for (;;) {
    const run = await runLeadRouting(new Date(), { agencyId })
    routed += run.routed
    if (run.routed === 0) break
  }
  const seconds = (performance.now() - started) / 1000
  if (created !== MAILS || routed !== MAILS) throw new Error(`expected ${MAILS} leads filed and routed, got ${created} filed and ${routed} routed`)
  console.log(`${options.target}: ${MAILS} mails filed in ${filedSeconds.toFixed(2)} s, routed by ${seconds.toFixed(2)} s`)
  console.log(`RESULT ${JSON.stringify({ seconds, filedSeconds, created, routed })}`)
} finally {
  await cleanup.run()
}
