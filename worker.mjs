// `npm run worker`: background jobs (mail, password-reset links, housekeeping) in their own
// process, for deployments that run the app servers with JOBS_IN_PROCESS=0. Needs DATABASE_URL.
import path from 'node:path'

const build = await import(path.resolve('build/server/index.js'))
const { prepareWorker, closeServerResources } = build.entry.module

let stopping = false
async function stop(signal) {
  if (stopping) return
  stopping = true
  console.log(`${signal}: letting running jobs finish`)
  await closeServerResources().catch((error) => console.error('Closing failed:', error))
  process.exit(0)
}
process.on('SIGTERM', () => void stop('SIGTERM'))
process.on('SIGINT', () => void stop('SIGINT'))

try {
  await prepareWorker()
  console.log('BrokerVault worker started')
} catch (error) {
  console.error(/^Invalid configuration|DatabaseStartError/.test(`${error?.name} ${error?.message}`) ? error.message : error)
  await closeServerResources().catch(() => {})
  process.exit(1)
}
