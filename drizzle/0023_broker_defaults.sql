-- A broker's defaults (issue 25, defects 2 and 3; docs/decisions/030-a-brokers-clock-and-currency.md):
-- the currency and area unit that new properties, clients and deals start from, and how dates and
-- numbers read on every page (day or month first, 24- or 12-hour clock, number separators).
-- The area unit reuses the properties' enum.
CREATE TYPE "public"."format_style" AS ENUM('day_month', 'month_day', 'day_month_comma', 'day_month_space');--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "default_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "area_unit" "area_unit" DEFAULT 'sqm' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "format_style" "format_style" DEFAULT 'day_month' NOT NULL;--> statement-breakpoint
-- A broker who already lists properties starts from what most of them use: a Lisbon broker whose
-- listings are in euros gets EUR and m², not the old USD default (ties: the earliest code).
UPDATE "profiles" AS p SET "default_currency" = m."currency", "area_unit" = m."area_unit"
FROM (
  SELECT DISTINCT ON ("owner_id") "owner_id", "currency", "area_unit"
  FROM "properties"
  GROUP BY "owner_id", "currency", "area_unit"
  ORDER BY "owner_id", count(*) DESC, "currency", "area_unit"
) AS m
WHERE m."owner_id" = p."id";
