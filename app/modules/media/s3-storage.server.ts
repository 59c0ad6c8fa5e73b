import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import type { Env } from '#app/lib/env.server.ts'
import { retry } from '#app/lib/retry.ts'
import { checkStoragePrefix, type FileStorage } from './storage.server.ts'

// Seed retry helper settings for outbound services: 3 attempts, 1 s doubling, cap 10 s, ≤1 s jitter.
const S3_RETRY = { retries: 2, delayMs: 1000, factor: 2, maxDelayMs: 10_000, jitterMs: 1000 }

/** S3-compatible object storage (AWS, MinIO, R2…) when S3_BUCKET is set. */
export function createS3FileStorage(env: Env): FileStorage {
  const bucket = env.S3_BUCKET as string
  const client = new S3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: Boolean(env.S3_ENDPOINT),
    // Checksums only where S3 requires them (DeleteObjects): with a streamed body the SDK would
    // otherwise send aws-chunked encoding with a trailing checksum, which several S3-compatible
    // services (and s3rver) store as the object's bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  })
  return {
    async put(key, data, contentType) {
      await retry(() => client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: data, ContentType: contentType })), S3_RETRY)
    },
    async putFile(key, filePath, contentType) {
      // One PUT (up to 5 GB), streamed from disk; each attempt opens the file again.
      const { size } = await stat(filePath)
      await retry(
        () => client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: createReadStream(filePath), ContentLength: size, ContentType: contentType })),
        S3_RETRY,
      )
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
        if (!object.Body) return null
        return { body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>, bytes: object.ContentLength ?? 0 }
      } catch (error) {
        if (error instanceof NoSuchKey) return null
        throw error
      }
    },
    delete: deleteKeys,
    async deletePrefix(prefix) {
      checkStoragePrefix(prefix)
      // A page at a time (at most 1000 keys), deleted before the next is listed. StartAfter
      // rather than continuation tokens: every S3-compatible service (and s3rver) takes it.
      let startAfter: string | undefined
      for (;;) {
        const page = await retry(
          () => client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, StartAfter: startAfter })),
          S3_RETRY,
        )
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []))
        await deleteKeys(keys)
        if (!page.IsTruncated || keys.length === 0) return
        startAfter = keys.at(-1)
      }
    },
  }

  async function deleteKeys(keys: string[]) {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000).map((Key) => ({ Key }))
      const result = await retry(() => client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch } })), S3_RETRY)
      // The request succeeds even when some keys could not be deleted: say so.
      const failed = result.Errors ?? []
      if (failed.length) throw new Error(`S3 could not delete ${failed.length} of ${batch.length} objects (first: ${failed[0]?.Key}: ${failed[0]?.Code})`)
    }
  }
}
