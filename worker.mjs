// `npm run worker`: background jobs (mail, password-reset links, housekeeping) in their own
// process, for deployments that run the app servers with JOBS_IN_PROCESS=0. Needs DATABASE_URL.
import path from 'node:path'

const build = await import(path.resolve('build/server/index.js'))
const { prepareWorker, closeServerResources, logger } = build.entry.module

let stopping = false
async function stop(signal) {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'Stopping: letting running jobs finish')
  await closeServerResources().catch((error) => logger.error({ err: error }, 'Closing failed'))
  process.exit(0)
}
process.on('SIGTERM', () => void stop('SIGTERM'))
process.on('SIGINT', () => void stop('SIGINT'))

try {
  await prepareWorker()
  logger.info('BrokerVault worker started')
} catch (error) {
  // Known start-up failures say what is wrong in their message; anything else keeps its stack.
  const known = error?.name === 'DatabaseStartError' || /^Invalid configuration/.test(error?.message ?? '')
  logger.fatal(known ? { reason: error.message } : { err: error }, 'BrokerVault worker could not start')
  await closeServerResources().catch(() => {})
  process.exit(1)
}
