-- A broker's cost never grows with other brokers' data (issue 24,
-- docs/decisions/029-a-brokers-cost-is-their-own.md).
--
-- Search. The GIN index over every broker's vectors made a prefix such as "waterf" collect the
-- matches of all brokers (58,000 in a database of a million listings) before the owner filter
-- kept 65. owner_search() tags every word of a vector with its owner (22 characters of the
-- owner's id in base64) and adds the bare tag as a word of its own; owner_query() tags a query's
-- words the same way and requires the bare tag. A prefix then spans one broker's words in the
-- index, and the match is exactly "this owner's row matches the query": positions are kept, so
-- phrases still match as phrases, and a negation ("-word") is bounded by the owner's tag, never
-- matching another broker's rows. Words over 2,000 bytes (2,047 is a word's limit) are left out
-- of the tagged vector; nobody types them. prefix_tsquery() is the list search's "every word as a
-- prefix" (search-sql.server.ts), folded and quoted in SQL as before, as a function so the
-- planner sees the query as a constant and estimates it from the index's statistics.
CREATE FUNCTION public.search_owner_tag(owner uuid) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN rtrim(encode(uuid_send(owner), 'base64'), '=');--> statement-breakpoint
CREATE FUNCTION public.owner_search(owner uuid, doc tsvector) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN (
    SELECT (replace(' ' || v.words, ' ''', ' ''' || v.tag) || ' ''' || v.tag || '''')::tsvector
    FROM (SELECT public.search_owner_tag(owner) AS tag,
      CASE WHEN octet_length(doc::text) <= 2000 THEN doc::text
        ELSE ts_delete(doc, ARRAY(SELECT u.lexeme FROM unnest(doc) AS u WHERE octet_length(u.lexeme) > 2000))::text
      END AS words) AS v
  );--> statement-breakpoint
CREATE FUNCTION public.owner_query(owner uuid, query tsquery) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN ('''' || public.search_owner_tag(owner) || ''' & (' ||
    regexp_replace(nullif(query::text, ''), '''((?:[^'']|'''')*)''', '''' || public.search_owner_tag(owner) || '\1''', 'g') ||
    ')')::tsquery;--> statement-breakpoint
CREATE FUNCTION public.prefix_tsquery(words text[]) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN (
    SELECT string_agg('''' || replace(replace(public.fold_text(word), '\', '\\'), '''', '''''') || ''':*', ' & ')
    FROM unnest(words) AS word WHERE public.fold_text(word) <> ''
  )::tsquery;--> statement-breakpoint
-- Place names folded once, when written (alert matching and the client page compared
-- fold_text(city) of every row they read); indexed among active listings for client matching.
DROP INDEX "properties_search_idx";--> statement-breakpoint
DROP INDEX "properties_owner_status_idx";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "city_folded" text GENERATED ALWAYS AS (fold_text("properties"."city")) STORED;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "area_folded" text GENERATED ALWAYS AS (fold_text("properties"."area")) STORED;--> statement-breakpoint
CREATE INDEX "properties_owner_search_idx" ON "properties" USING gin (owner_search("owner_id", "search"));--> statement-breakpoint
CREATE INDEX "properties_public_search_idx" ON "properties" USING gin ("search") WHERE "properties"."visibility" = 'public' and "properties"."status" = 'active';--> statement-breakpoint
CREATE INDEX "properties_active_city_idx" ON "properties" USING btree ("owner_id","city_folded") WHERE "properties"."status" = 'active';--> statement-breakpoint
CREATE INDEX "properties_active_area_idx" ON "properties" USING btree ("owner_id","area_folded") WHERE "properties"."status" = 'active';--> statement-breakpoint
CREATE INDEX "properties_owner_status_idx" ON "properties" USING btree ("owner_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);