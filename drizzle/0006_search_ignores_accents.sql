-- Search and place matching ignore case and accents ("Remedios" finds "Rua dos Remédios").
-- unaccent() is only STABLE (its dictionary could change), so a generated column or index cannot
-- call it; fold_text names the dictionary and schema explicitly and is declared IMMUTABLE, the
-- usual wrapper. Its SQL-standard body is bound when created, so no search_path can redirect it.
-- PGlite loads the extension from @electric-sql/pglite/contrib/unaccent (db/client.server.ts).
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.fold_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN lower(public.unaccent('public.unaccent'::regdictionary, value));--> statement-breakpoint
ALTER TABLE "properties" drop column "search";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, fold_text(
          coalesce("properties"."title", '') || ' ' || coalesce("properties"."reference_code", '') || ' ' ||
          coalesce("properties"."street", '') || ' ' || coalesce("properties"."area", '') || ' ' ||
          coalesce("properties"."city", '') || ' ' || coalesce("properties"."region", '') || ' ' ||
          coalesce("properties"."postal_code", '') || ' ' || coalesce("properties"."description", '')))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "properties_search_idx" ON "properties" USING gin ("search");--> statement-breakpoint
ALTER TABLE "clients" drop column "search";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, fold_text(
          coalesce("clients"."full_name", '') || ' ' || coalesce("clients"."email", '') || ' ' ||
          coalesce("clients"."phone", '') || ' ' || coalesce("clients"."source", '') || ' ' || coalesce("clients"."notes", '')))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_search_idx" ON "clients" USING gin ("search");
