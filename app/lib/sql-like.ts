/** Escapes LIKE wildcards so "50%" means the characters, not a pattern. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)
