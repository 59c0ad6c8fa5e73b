import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import type { Env } from '#app/lib/env.server.ts'
import { createS3FileStorage } from '#app/modules/media/s3-storage.server.ts'

// s3rver's fixed credentials; it checks the signature of every request.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

/**
 * A real S3-protocol server (s3rver) on a free port, storing in a temp folder, with one bucket:
 * the adapter's requests go over the wire, signed, as they would to AWS, MinIO or R2.
 */
export type LocalS3 = {
  bucket: string
  endpoint: string
  /** A plain client of our own, to see what the bucket really holds. */
  inspector: S3Client
  /** The app's S3 storage on this bucket, at `endpoint` or another address (a proxy in front). */
  storageAt(endpoint?: string): ReturnType<typeof createS3FileStorage>
  close(): Promise<void>
}

export async function startLocalS3(bucket: string): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), `brokervault-s3-${bucket}-`))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
  const { port } = (await server.run()) as AddressInfo
  const endpoint = `http://127.0.0.1:${port}`
  const inspector = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: CREDENTIALS })
  return {
    bucket,
    endpoint,
    inspector,
    storageAt: (at = endpoint) =>
      createS3FileStorage({
        S3_BUCKET: bucket,
        S3_REGION: 'us-east-1',
        S3_ENDPOINT: at,
        S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      } as Env),
    async close() {
      inspector.destroy()
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
