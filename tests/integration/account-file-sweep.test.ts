import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { getQueue, stopJobQueue } from '#db/job-queue.server.ts'
import { FILE_SWEEP_QUEUE, FILE_SWEEP_QUEUE_OPTIONS, sweepAccountFilesOrQueue } from '#app/modules/media/sweep.server.ts'
import type { FileStorage } from '#app/modules/media/storage.server.ts'
import { atLeast } from '#tests/support/logs.ts'
import { logs } from '#tests/support/setup-integration.ts'

afterAll(() => stopJobQueue())

/** Storage that records which folders it was asked to delete, and can be down. */
function storage(down: boolean) {
  const deleted: string[] = []
  const store: FileStorage = {
    put: async () => {},
    putFile: async () => {},
    get: async () => null,
    delete: async () => {},
    deletePrefix: async (prefix: string) => {
      if (down) throw new Error('storage unreachable')
      deleted.push(prefix)
    },
  } satisfies FileStorage
  return { store, deleted }
}

describe('the file sweep after an account deletion', () => {
  it('deletes the avatar, export, photo and document folders at once when storage answers', async () => {
    const account = { userId: randomUUID(), propertyIds: [randomUUID()] }
    const up = storage(false)
    expect(await sweepAccountFilesOrQueue(account, up.store)).toEqual({ queued: false })
    expect(up.deleted.sort()).toEqual(
      [
        `avatars/${account.userId}/`,
        `exports/${account.userId}/`,
        `photos/${account.propertyIds[0]}/`,
        `documents/${account.propertyIds[0]}/`,
      ].sort(),
    )
  })

  it('becomes a background job, retried with backoff, when storage is down', async () => {
    const account = { userId: randomUUID(), propertyIds: [randomUUID(), randomUUID()] }
    expect(await sweepAccountFilesOrQueue(account, storage(true).store)).toEqual({ queued: true })
    expect(logs.take(atLeast('error'))).toEqual([
      expect.objectContaining({
        msg: 'File sweep of a deleted account failed; queued to retry',
        userId: account.userId,
        err: expect.objectContaining({ message: 'storage unreachable', stack: expect.any(String) }),
      }),
    ])
    const boss = await getQueue(FILE_SWEEP_QUEUE, FILE_SWEEP_QUEUE_OPTIONS)
    const queued = await boss.fetch<typeof account>(FILE_SWEEP_QUEUE, { batchSize: 100, includeMetadata: true })
    const ours = (queued ?? []).find((job) => job.data.userId === account.userId)
    expect(ours?.data).toEqual(account)
    expect(ours?.retryLimit).toBe(10)
    expect(ours?.retryBackoff).toBe(true)
  }, 60_000)
})
