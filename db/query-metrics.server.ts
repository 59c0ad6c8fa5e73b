import { AsyncLocalStorage } from 'node:async_hooks'

/** `order`: when the request began, among every request and statement (the embedded queue's turn). */
export type QueryCount = { queries: number; order: number }
// On globalThis like the database handle it serves: the app bundle and code loaded from source
// (tests) must count into the same store.
const globalStore = globalThis as typeof globalThis & {
  __brokervaultQueryCount?: AsyncLocalStorage<QueryCount>
  __brokervaultOrder?: { last: number }
}
const storage = (globalStore.__brokervaultQueryCount ??= new AsyncLocalStorage<QueryCount>())
const orders = (globalStore.__brokervaultOrder ??= { last: 0 })
const nextOrder = () => ++orders.last

/** Runs one request with its own statement counter (read back for the Server-Timing header). */
export function withQueryCount<T>(task: (count: QueryCount) => Promise<T>): Promise<T> {
  const count = { queries: 0, order: nextOrder() }
  return storage.run(count, () => task(count))
}

/** Called by the database logger for every statement; outside a request it does nothing. */
export function countQuery() {
  const count = storage.getStore()
  if (count) count.queries++
}

/** The current request's place in line (when it began), or a new place for a statement outside any request. */
export function requestOrder(): number {
  return storage.getStore()?.order ?? nextOrder()
}
