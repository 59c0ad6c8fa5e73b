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
 * The scope's rows whose vector matches `text`: its words as prefixes, or Postgres's own reading
 * of it, as matchesPrefixWords and matchesParsedText do, on the tagged indexes of migration 0020
 * (owner_search / owner_query: a prefix spans one broker's or one agency's words, and a negation
 * can never match another's rows). The index is read by scope_property_search (migration 0033),
 * which returns the ids of the scope's agency only: under row-level security Postgres uses no
 * index for a text match written in the query itself (@@ is not leakproof), so the list fetches
 * the ids by primary key instead. `byAgency`: the agency's stock (tagged by the agency's id), or
 * one broker's rows (tagged by `tag`, their id).
 */
export function scopeSearchMatches(id: PgColumn, byAgency: boolean, tag: string, words: string[], text: string): SQL {
  return sql`${id} = any(array(select scope_property_search(${byAgency}, ${tag}::uuid, ${textQuery(words, text)})))`
}

/** Public active listings matching `text`, read from their partial index (migration 0033), by id. */
export function publicSearchMatches(id: PgColumn, words: string[], text: string): SQL {
  return sql`${id} = any(array(select public_property_search(${textQuery(words, text)})))`
}

/**
 * The same match on the plain vector, row by row: for a walk of the broker's rows in list order
 * when most of them match (it stops after a page), where collecting every match would read more.
 */
export function vectorMatches(vector: PgColumn, words: string[], text: string): SQL {
  return sql`${vector} @@ ${textQuery(words, text)}`
}
