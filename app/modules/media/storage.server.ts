import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { copyFile, mkdir, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { getEnv } from '#app/lib/env.server.ts'

export type StoredFile = { body: ReadableStream<Uint8Array>; bytes: number }

/** Where photos and documents live. Keys are random (never user file names). */
export interface FileStorage {
  put(key: string, data: Uint8Array, contentType: string): Promise<void>
  /** Stores a local file under a key, streamed rather than read into memory (large exports). */
  putFile(key: string, filePath: string, contentType: string): Promise<void>
  /** null when the key does not exist. */
  get(key: string): Promise<StoredFile | null>
  /**
   * Local disk only: the file's path, for a server that streams it itself (photos served from
   * memory, app/http/photo-files.server.ts). Object storage has none.
   */
  localPath?(key: string): string
  delete(keys: string[]): Promise<void>
  /**
   * Deletes every file under a folder prefix such as "photos/{propertyId}/", including files
   * no row names (left by a delete that failed after its commit). Nothing there is no error.
   */
  deletePrefix(prefix: string): Promise<void>
}

/** A fresh random key under a prefix, e.g. "photos/3f…/9a….webp". */
export function newStorageKey(prefix: string, extension: string) {
  return `${prefix}/${randomBytes(16).toString('hex')}.${extension}`
}

/** A broker's data-export zips live under this prefix (the account sweep removes it). */
export const exportsPrefix = (userId: string) => `exports/${userId}/`

const KEY_PATTERN = /^[a-z]+\/[0-9a-f-]{32,36}\/[0-9a-f]{32}(?:-[a-z0-9]+)?\.[a-z0-9]{2,5}$/
const PREFIX_PATTERN = /^[a-z]+\/[0-9a-f-]{32,36}\/$/

/** Prefixes are built from ids, never taken from a request; the check keeps it that way. */
export function checkStoragePrefix(prefix: string) {
  if (!PREFIX_PATTERN.test(prefix)) throw new Error(`invalid storage prefix: ${prefix}`)
  return prefix
}

/** Local disk under DATA_DIR/files (default). */
export function createLocalFileStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    // Keys are generated here, never taken from a request; the check keeps it that way.
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`)
    return path.join(root, key)
  }
  return {
    async put(key, data) {
      const file = resolve(key)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, data)
    },
    async putFile(key, filePath) {
      const file = resolve(key)
      await mkdir(path.dirname(file), { recursive: true })
      await copyFile(filePath, file)
    },
    localPath: resolve,
    async get(key) {
      const file = resolve(key)
      try {
        const info = await stat(file)
        return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, bytes: info.size }
      } catch {
        return null
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(resolve(key), { force: true })))
    },
    async deletePrefix(prefix) {
      await rm(path.join(root, checkStoragePrefix(prefix)), { recursive: true, force: true })
    },
  }
}

let storage: FileStorage | undefined

export function getFileStorage(): FileStorage {
  if (storage) return storage
  const env = getEnv()
  storage = env.S3_BUCKET
    ? createS3FileStorageLazy()
    : createLocalFileStorage(path.resolve(env.DATA_DIR, 'files'))
  return storage
}

/** The S3 client is loaded only when S3 is configured (it is large). */
function createS3FileStorageLazy(): FileStorage {
  const ready = import('./s3-storage.server.ts').then((m) => m.createS3FileStorage(getEnv()))
  return {
    put: async (...args) => (await ready).put(...args),
    putFile: async (...args) => (await ready).putFile(...args),
    get: async (...args) => (await ready).get(...args),
    delete: async (...args) => (await ready).delete(...args),
    deletePrefix: async (...args) => (await ready).deletePrefix(...args),
  }
}
