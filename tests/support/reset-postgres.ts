import postgres from 'postgres'

/** Starts the Postgres pass from an empty database, so the migrations themselves are tested. */
export default async function resetPostgres() {
  const url = process.env.TEST_DATABASE_URL
  if (!url) return
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    await sql.unsafe('drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; drop schema if exists public cascade; create schema public;')
  } finally {
    await sql.end()
  }
}
