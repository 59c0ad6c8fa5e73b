import { avatarPrefix } from './avatars.server.ts'
import { checkStoragePrefix, exportsPrefix, getFileStorage, type FileStorage } from './storage.server.ts'

/**
 * What the sweep needs to find an account's files, collected in the deletion transaction
 * before the rows go: plain JSON, so it can become a background job's payload unchanged.
 */
export type AccountFiles = { userId: string; propertyIds: string[] }

/**
 * Deletes every file of a deleted account: its avatar folder, its data exports and, per property, the photo
 * folder (originals and every variant) and the document folder. By folder rather than by the
 * keys rows name, so files that a failed delete left behind go too. Safe to run again: a
 * folder that is already gone is no error.
 */
export async function sweepAccountFiles(account: AccountFiles, storage: FileStorage = getFileStorage()) {
  const prefixes = [
    avatarPrefix(account.userId),
    exportsPrefix(account.userId),
    ...account.propertyIds.flatMap((id) => [`photos/${id}/`, `documents/${id}/`]),
  ].map(checkStoragePrefix)
  // A few at a time: an account with thousands of properties must not open thousands of requests.
  for (let i = 0; i < prefixes.length; i += 8) {
    await Promise.all(prefixes.slice(i, i + 8).map((prefix) => storage.deletePrefix(prefix)))
  }
  return { prefixes: prefixes.length }
}
