// `npm test`: typecheck, lint, build, unit + integration (PGlite, and Postgres), then Playwright.
// Integration tests and Playwright both drive the production build, so it is built first.
import { spawnSync } from 'node:child_process'
import postgres from 'postgres'

const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test'
const env = { ...process.env, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL }

async function checkPostgres(url) {
  const sql = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} })
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

function run(label, command, args) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`)
  const started = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`\n✗ ${label} failed after ${seconds}s`)
    process.exit(result.status ?? 1)
  }
  console.log(`✓ ${label} (${seconds}s)`)
}

await checkPostgres(env.TEST_DATABASE_URL)
run('typecheck', 'npx', ['react-router', 'typegen'])
run('typecheck', 'npx', ['tsc'])
run('lint (layering rule included, zero warnings)', 'npx', ['eslint', '--max-warnings', '0', '.'])
run('build', 'npx', ['react-router', 'build'])
run('unit + integration (PGlite and Postgres)', 'npx', ['vitest', 'run'])
run('end-to-end (Chromium, JavaScript on and off)', 'npx', ['playwright', 'test'])
console.log('\nAll test stages passed.')
