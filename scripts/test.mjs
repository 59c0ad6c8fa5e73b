// `npm test`: typecheck, lint, build, unit + integration (PGlite, and Postgres), then Playwright.
// Integration tests and Playwright both drive the production build, so it is built first.
//
// Independent stages run side by side on the 2 cores: tsc, eslint and the build together, then
// vitest's PGlite pass (CPU in its own process) beside its Postgres pass (mostly waiting on the
// server), each in a vitest process of its own. Playwright runs last, alone: beside vitest, the
// browser and PGlite starved each other (measured slower than in sequence).
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import postgres from 'postgres'

const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test'
const testDatabaseUrl = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL
const env = { ...process.env, TEST_DATABASE_URL: testDatabaseUrl }
const suiteStarted = Date.now()

function connect(url) {
  return postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} })
}

async function checkPostgres(url) {
  const sql = connect(url)
  try {
    await sql`select 1`
  } catch (error) {
    console.error(`\nnpm test needs a PostgreSQL server at TEST_DATABASE_URL (${url}): ${error.message}`)
    console.error('Start one, or point TEST_DATABASE_URL at an empty database you can drop (see README).')
    process.exit(1)
  } finally {
    await sql.end({ timeout: 1 })
  }
}

/** Runs one command; its output lines carry `prefix` when stages run side by side. */
function start(label, command, args, { prefix = '', extraEnv = {} } = {}) {
  const started = Date.now()
  const child = spawn(command, args, { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] })
  for (const stream of [child.stdout, child.stderr]) {
    const out = stream === child.stdout ? process.stdout : process.stderr
    createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`))
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      const ok = code === 0
      console.log(ok ? `✓ ${label} (${seconds}s)` : `✗ ${label} failed after ${seconds}s (${signal ?? `exit ${code}`})`)
      resolve({ label, ok, code: code ?? 1 })
    })
  })
}

/** Runs stages together and waits for all of them, so every failure is reported, then stops on any. */
async function together(stages) {
  console.log(`\n▶ ${stages.map((stage) => stage.label).join('  ∥  ')}`)
  const results = await Promise.all(stages.map((stage) => start(stage.label, stage.command, stage.args, stage)))
  const failed = results.filter((result) => !result.ok)
  if (failed.length) {
    console.error(`\nFailed: ${failed.map((result) => result.label).join(', ')}`)
    process.exit(failed[0].code || 1)
  }
}

await checkPostgres(testDatabaseUrl)

await together([{ label: 'route types', command: 'npx', args: ['react-router', 'typegen'] }])
await together([
  { label: 'typecheck', command: 'npx', args: ['tsc'], prefix: '[tsc] ' },
  { label: 'lint (layering rule included, zero warnings)', command: 'npx', args: ['eslint', '--max-warnings', '0', '.'], prefix: '[lint] ' },
  { label: 'build', command: 'npx', args: ['react-router', 'build'], prefix: '[build] ' },
])

await together([
  // Without TEST_DATABASE_URL this process does not even define the Postgres project, whose
  // setup drops the schema the other process is using.
  { label: 'integration on PGlite', command: 'npx', args: ['vitest', 'run', '--project', 'pglite'], prefix: '[pglite] ', extraEnv: { TEST_DATABASE_URL: '' } },
  { label: 'unit, and integration on Postgres', command: 'npx', args: ['vitest', 'run', '--project', 'unit', '--project', 'postgres'], prefix: '[postgres] ' },
])
await together([{ label: 'end-to-end (Chromium, JavaScript on and off)', command: 'npx', args: ['playwright', 'test'] }])
console.log(`\nAll test stages passed in ${((Date.now() - suiteStarted) / 60_000).toFixed(1)} min.`)
