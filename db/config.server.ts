import path from 'node:path'
import { z } from 'zod'

/**
 * The database layer reads its own three settings: it sits below the app and imports nothing
 * from it. The app's configuration (app/lib/env.server.ts) checks the same variables at start,
 * with the same defaults, so a bad value is reported there first.
 */
const DatabaseEnvSchema = z.object({
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  // Only for tests and throw-away runs: "memory://" keeps the embedded database in memory.
  PGLITE_DIR: z.string().min(1).optional(),
})

export type DatabaseConfig = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string }

export function readDatabaseConfig(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  const parsed = DatabaseEnvSchema.parse(env)
  if (parsed.DATABASE_URL) return { kind: 'postgres', url: parsed.DATABASE_URL }
  return { kind: 'pglite', dataDir: parsed.PGLITE_DIR ?? path.join(parsed.DATA_DIR, 'pglite') }
}
