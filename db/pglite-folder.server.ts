import { existsSync } from 'node:fs'
import path from 'node:path'
import { readDatabaseConfig } from './config.server.ts'

/**
 * The embedded database is one process with one session, inside the app's own: PostgreSQL's
 * defaults (128 MB of shared buffers, slots for 100 connections) alone made `npm start` hold
 * some 400 MB idle. 16 MB of buffers keeps a broker's working set; the rest of the data is a
 * read from the operating system's file cache away.
 */
export const EMBEDDED_POSTGRES_SETTINGS = ['shared_buffers = 16MB', 'max_connections = 10']

/**
 * True when the app runs on an embedded database whose folder is not created yet: server.mjs
 * then creates, migrates and seeds it in a child process first (the first start's migrations
 * and demo photos grow memory that the app would otherwise keep).
 */
export function embeddedDatabaseIsNew() {
  const config = readDatabaseConfig()
  return config.kind === 'pglite' && !config.dataDir.includes('://') && !existsSync(path.join(config.dataDir, 'PG_VERSION'))
}
