import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, describe, expect, it } from 'vitest'
import type { Env } from '#app/lib/env.server.ts'
import { createS3FileStorage } from '#app/modules/media/s3-storage.server.ts'

const s3 = mockClient(S3Client)
afterEach(() => s3.reset())

const env = { S3_BUCKET: 'listings', S3_REGION: 'eu-west-1', S3_ENDPOINT: 'http://127.0.0.1:9000' } as Env
const KEY = 'photos/3f2504e0-4f89-41d3-9a0c-0305e82c3301/0123456789abcdef0123456789abcdef.webp'

describe('S3 file storage (FileStorage over @aws-sdk/client-s3)', () => {
  it('puts an object in the bucket with its content type', async () => {
    s3.on(PutObjectCommand).resolves({})
    await createS3FileStorage(env).put(KEY, new Uint8Array([1, 2, 3]), 'image/webp')
    const [call] = s3.commandCalls(PutObjectCommand)
    expect(call?.args[0].input).toMatchObject({ Bucket: 'listings', Key: KEY, ContentType: 'image/webp' })
  })

  it('reads an object as a stream with its size, and answers null for a missing key', async () => {
    // The adapter only asks the SDK body for a web stream.
    const body = { transformToWebStream: () => new Response('webp-bytes').body }
    s3.on(GetObjectCommand, { Key: KEY }).resolves({ Body: body as never, ContentLength: 10 })
    s3.on(GetObjectCommand, { Key: 'photos/missing' }).rejects(new NoSuchKey({ message: 'gone', $metadata: {} }))
    const storage = createS3FileStorage(env)
    const file = await storage.get(KEY)
    expect(file?.bytes).toBe(10)
    expect(await new Response(file?.body).text()).toBe('webp-bytes')
    expect(await storage.get('photos/missing')).toBeNull()
  })

  it('deletes in batches of at most 1000 keys', async () => {
    s3.on(DeleteObjectsCommand).resolves({})
    const keys = Array.from({ length: 2500 }, (_, i) => `photos/x/${i}.webp`)
    await createS3FileStorage(env).delete(keys)
    const sizes = s3.commandCalls(DeleteObjectsCommand).map((c) => c.args[0].input.Delete?.Objects?.length)
    expect(sizes).toEqual([1000, 1000, 500])
  })

  it('retries a failed upload (the seed retry helper: 1 s, doubling)', async () => {
    s3.on(PutObjectCommand).rejectsOnce(new Error('503 Slow Down')).resolves({})
    await createS3FileStorage(env).put(KEY, new Uint8Array([1]), 'image/webp')
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(2)
  }, 10_000)
})
