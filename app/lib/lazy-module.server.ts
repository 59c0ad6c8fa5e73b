import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/**
 * A package loaded on first use instead of at start-up: the image library, the QR encoder,
 * the payment SDK and the leaked-password list each weigh 10–30 MB of memory once loaded, and
 * an idle server, or one that never sends a photo through them, needs none of it.
 * Synchronous (CommonJS `require`), so callers keep their shape.
 */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined
  return () => (loaded ??= require(name) as T)
}
