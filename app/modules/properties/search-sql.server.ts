import { sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

/**
 * `column @@ every word as a prefix` ("pent" finds penthouse), for a tsvector column built with
 * fold_text (migration 0006): each word is folded the same way in SQL, so "Remedios" finds
 * "Remédios" and "LISBOA" finds "Lisboa". Folding can turn a letter into punctuation ("ŉ" → "'n"),
 * so each word becomes a quoted lexeme and is cast, never parsed as query syntax: no input can make
 * the query fail.
 */
export function matchesPrefixWords(column: PgColumn, words: string[]): SQL {
  return sql`${column} @@ (
    select string_agg('''' || replace(replace(fold_text(word), '\\', '\\\\'), '''', '''''') || ''':*', ' & ')
    from unnest(${sql.param(words)}::text[]) as word
    where fold_text(word) <> ''
  )::tsquery`
}

/** `column @@ Postgres's own reading of the text`, which keeps tokens such as "PT-0042" whole. */
export function matchesParsedText(column: PgColumn, text: string): SQL {
  return sql`${column} @@ websearch_to_tsquery('simple', fold_text(${text}))`
}
