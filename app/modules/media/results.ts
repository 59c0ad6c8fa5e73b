/** What media refuses, with the message shown next to its field; `tooLarge` answers 413. */
export type MediaProblem = { field: string; message: string; tooLarge: boolean }

/** A media change: done, refused with a field message, or null when the item is not the broker's. */
export type MediaResult<T> = { ok: true; value: T } | { ok: false; problem: MediaProblem } | null

/** The property a media change belongs to, already checked by the caller to be the broker's. */
export type PropertyRef = { id: string; title: string }

// Thrown deep inside a change and turned into its result at the public function's boundary,
// so checks can stop a multi-step upload wherever they fail. Never seen outside this module.
class Refusal extends Error {
  constructor(readonly problem: MediaProblem) {
    super(problem.message)
  }
}
class Missing extends Error {}

export function refuse(field: string, message: string, tooLarge = false): never {
  throw new Refusal({ field, message, tooLarge })
}

export function missing(): never {
  throw new Missing('not found')
}

/** Postgres's foreign_key_violation: the property was deleted while the change ran. */
function isForeignKeyViolation(error: unknown) {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503'
}

export async function asResult<T>(work: () => Promise<T>): Promise<MediaResult<T>> {
  try {
    return { ok: true, value: await work() }
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, problem: error.problem }
    if (error instanceof Missing || isForeignKeyViolation(error)) return null
    throw error
  }
}
