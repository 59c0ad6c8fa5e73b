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

/** Every word of `text` as a prefix, or Postgres's own reading of it, as one tsquery (null: no word). */
function textQuery(words: string[], text: string): SQL {
  const parsed = sql`websearch_to_tsquery('simple', fold_text(${text}))`
  return sql`coalesce(prefix_tsquery(${sql.param(words)}::text[]) || ${parsed}, ${parsed})`
}

/**
 * One broker's rows whose vector matches `text`: its words as prefixes, or Postgres's own reading
 * of it, as matchesPrefixWords and matchesParsedText do, through owner_search / owner_query
 * (migration 0020). The tags make this condition the owner scope itself (a row of another broker
 * can never match, not even a negation), and its index holds each broker's words apart, so a
 * search reads the broker's own matches whatever else the table holds. `owner` and `vector` are
 * the columns the index is built on.
 */
export function ownerSearchMatches(owner: PgColumn, vector: PgColumn, ownerId: string, words: string[], text: string): SQL {
  return sql`owner_search(${owner}, ${vector}) @@ owner_query(${ownerId}::uuid, ${textQuery(words, text)})`
}

/**
 * The same match on the plain vector, row by row: for a walk of the broker's rows in list order
 * when most of them match (it stops after a page), where collecting every match would read more.
 */
export function vectorMatches(vector: PgColumn, words: string[], text: string): SQL {
  return sql`${vector} @@ ${textQuery(words, text)}`
}
