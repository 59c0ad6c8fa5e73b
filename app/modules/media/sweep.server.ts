import { getQueue, type QueueOptions } from '#db/job-queue.server.ts'
import { avatarPrefix } from './avatars.server.ts'
import { logoPrefix } from './logos.server.ts'
import { checkStoragePrefix, exportsPrefix, getFileStorage, type FileStorage } from './storage.server.ts'
import { logger } from '#app/lib/logger.server.ts'

/**
 * What the sweep needs to find an account's files, collected in the deletion transaction
 * before the rows go: plain JSON, so it can become a background job's payload unchanged.
 */
export type AccountFiles = {
  userId: string
  propertyIds: string[]
  /** The agencies deleted with the account (their logos); absent in jobs queued before logos. */
  agencyIds?: string[]
}

/**
 * Deletes every file of a deleted account: its avatar folder, its data exports, the logo folder of each agency deleted with it and, per property, the photo
 * folder (originals and every variant) and the document folder. By folder rather than by the
 * keys rows name, so files that a failed delete left behind go too. Safe to run again: a
 * folder that is already gone is no error.
 */
export async function sweepAccountFiles(account: AccountFiles, storage: FileStorage = getFileStorage()) {
  const prefixes = [
    avatarPrefix(account.userId),
    exportsPrefix(account.userId),
    ...(account.agencyIds ?? []).map(logoPrefix),
    ...account.propertyIds.flatMap((id) => [`photos/${id}/`, `documents/${id}/`]),
  ].map(checkStoragePrefix)
  // A few at a time: an account with thousands of properties must not open thousands of requests.
  for (let i = 0; i < prefixes.length; i += 8) {
    await Promise.all(prefixes.slice(i, i + 8).map((prefix) => storage.deletePrefix(prefix)))
  }
  return { prefixes: prefixes.length }
}

export const FILE_SWEEP_QUEUE = 'account-file-sweep'
/** Retried for about a day (1 min doubling, 10 times): storage that is down comes back. */
export const FILE_SWEEP_QUEUE_OPTIONS: QueueOptions = { retryLimit: 10, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 }

/**
 * Sweeps right away; if that fails (storage unreachable), the sweep becomes a background job
 * that retries with backoff, so no file of a deleted account is left for good. Only then does
 * the account's id sit in the job table, until the job has run.
 */
export async function sweepAccountFilesOrQueue(account: AccountFiles, storage: FileStorage = getFileStorage()) {
  try {
    await sweepAccountFiles(account, storage)
    return { queued: false }
  } catch (error) {
    logger.error({ err: error, userId: account.userId }, 'File sweep of a deleted account failed; queued to retry')
    const queue = await getQueue(FILE_SWEEP_QUEUE, FILE_SWEEP_QUEUE_OPTIONS)
    await queue.send(FILE_SWEEP_QUEUE, account)
    return { queued: true }
  }
}
