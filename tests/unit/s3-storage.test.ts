import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { DeleteObjectCommand, ListObjectsCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startLocalS3, type LocalS3 } from '#tests/support/local-s3.ts'

// A real S3-protocol server on a free port (tests/support/local-s3.ts).
const BUCKET = 'listings'
let s3: LocalS3
let endpoint: string
let inspector: S3Client
const storageAt = (url: string) => s3.storageAt(url)

beforeAll(async () => {
  s3 = await startLocalS3(BUCKET)
  endpoint = s3.endpoint
  inspector = s3.inspector
})

afterAll(async () => {
  await s3?.close()
})

// Each test starts from an empty bucket.
beforeEach(async () => {
  const keys = await listKeys()
  // Our own client, one by one: a failed test must not make the next one fail in its setup.
  for (const Key of keys) await inspector.send(new DeleteObjectCommand({ Bucket: BUCKET, Key }))
})

/**
 * Every key in the bucket, page by page (S3 lists at most 1000 per request). ListObjects v1
 * with markers: s3rver's v2 continuation tokens use a cipher that OpenSSL 3 no longer offers.
 */
async function listKeys(prefix?: string) {
  const keys: string[] = []
  let marker: string | undefined
  do {
    const page = await inspector.send(new ListObjectsCommand({ Bucket: BUCKET, Prefix: prefix, Marker: marker }))
    const pageKeys = (page.Contents ?? []).map((object) => object.Key as string)
    keys.push(...pageKeys)
    marker = page.IsTruncated ? pageKeys.at(-1) : undefined
  } while (marker)
  return keys.sort()
}

const photoKey = (n: number) => `photos/3f2504e0-4f89-41d3-9a0c-0305e82c3301/${n.toString(16).padStart(32, '0')}.webp`

describe('S3 file storage against a real S3-protocol server (s3rver)', () => {
  it('puts an object that the bucket then lists, with its bytes and content type', async () => {
    const bytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4])
    await storageAt(endpoint).put(photoKey(1), bytes, 'image/webp')

    expect(await listKeys()).toEqual([photoKey(1)])
    const response = await fetch(`${endpoint}/${BUCKET}/${photoKey(1)}`)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes)
  })

  it('stores a local file (a data-export zip) streamed from disk, with its length and type', async () => {
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'brokervault-export-')), 'export.zip')
    const bytes = randomBytes(3 * 1024 * 1024 + 7)
    await writeFile(file, bytes)
    const key = `exports/3f2504e0-4f89-41d3-9a0c-0305e82c3301/${'ab'.repeat(16)}.zip`
    await storageAt(endpoint).putFile(key, file, 'application/zip')

    expect(await listKeys('exports/')).toEqual([key])
    const response = await fetch(`${endpoint}/${BUCKET}/${key}`)
    expect(response.headers.get('content-type')).toBe('application/zip')
    // Compared as one buffer: a deep equality over millions of elements takes seconds.
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true)
    await rm(path.dirname(file), { recursive: true, force: true })
  })

  it('gets an object back as a stream with its size', async () => {
    const storage = storageAt(endpoint)
    const bytes = new TextEncoder().encode('a photo, as bytes')
    await storage.put(photoKey(2), bytes, 'image/webp')

    const file = await storage.get(photoKey(2))
    expect(file?.bytes).toBe(bytes.length)
    expect(new Uint8Array(await new Response(file?.body).arrayBuffer())).toEqual(bytes)
  })

  it('answers null for a key that does not exist, and deleting missing keys is no error', async () => {
    const storage = storageAt(endpoint)
    expect(await storage.get(photoKey(404))).toBeNull()
    await expect(storage.delete([photoKey(404), photoKey(405)])).resolves.toBeUndefined()
  })

  it('deletes only the keys it is given', async () => {
    const storage = storageAt(endpoint)
    for (const n of [10, 11, 12]) await storage.put(photoKey(n), new Uint8Array([n]), 'image/webp')

    await storage.delete([photoKey(10), photoKey(12)])

    expect(await listKeys()).toEqual([photoKey(11)])
    expect(await storage.get(photoKey(10))).toBeNull()
    expect(await storage.get(photoKey(11))).not.toBeNull()
  })

  it('deletes more than 1000 keys in batches of at most 1000 (the S3 limit per request)', async () => {
    // Keys without a slash: s3rver stores "a/b" as folders, deletes a batch's files in parallel
    // and then removes folders that became empty, which races (ENOENT → 500) when many keys
    // share one. Real S3 has no folders; the batching is what is tested here.
    const keys = Array.from({ length: 1500 }, (_, i) => `batch-${String(i).padStart(5, '0')}.webp`)
    // Filled with our own client, many at a time: the adapter's put is covered above.
    for (let i = 0; i < keys.length; i += 100) {
      await Promise.all(
        keys.slice(i, i + 100).map((Key) => inspector.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body: 'x' }))),
      )
    }
    await inspector.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'kept.webp', Body: 'y' }))
    expect(await listKeys('batch-')).toHaveLength(1500)

    // Counted on the wire: a proxy in front of s3rver sees each DeleteObjects request.
    const proxy = await startProxy(endpoint)
    try {
      await storageAt(proxy.url).delete(keys)
      const deletes = proxy.requests.filter((r) => r.method === 'POST' && r.url.includes('delete'))
      expect(deletes.map((r) => r.body.match(/<Object>/g)?.length)).toEqual([1000, 500])
    } finally {
      await proxy.close()
    }
    expect(await listKeys()).toEqual(['kept.webp'])
  }, 60_000)

  it('retries an upload the server refuses (the seed retry helper: 1 s, doubling)', async () => {
    // The SDK makes 3 attempts of its own; the adapter's retry wraps those. The proxy answers
    // the first 3 PUTs with 503 SlowDown, so only the adapter's second round can succeed.
    const proxy = await startProxy(endpoint, { failFirst: 3 })
    try {
      await storageAt(proxy.url).put(photoKey(7), new Uint8Array([7]), 'image/webp')
      expect(proxy.requests.filter((r) => r.method === 'PUT')).toHaveLength(4)
    } finally {
      await proxy.close()
    }
    expect(await listKeys()).toEqual([photoKey(7)])
  }, 15_000)
})

/** An HTTP proxy to s3rver that records requests and can refuse the first few with 503. */
async function startProxy(target: string, { failFirst = 0 } = {}) {
  const requests: { method: string; url: string; body: string }[] = []
  const upstream = new URL(target)
  const proxy = http.createServer((req, res) => {
    const request = { method: req.method ?? '', url: req.url ?? '', body: '' }
    requests.push(request)
    req.on('data', (chunk: Buffer) => (request.body += chunk.toString()))
    if (requests.length <= failFirst) {
      req.resume()
      res.writeHead(503, { 'Content-Type': 'application/xml' })
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Slow down</Message></Error>')
      return
    }
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    forward.on('error', (error) => res.destroy(error))
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const { port } = proxy.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  }
}
