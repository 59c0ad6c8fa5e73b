CREATE TYPE "public"."activity_kind" AS ENUM('property_created', 'property_updated', 'property_status_changed', 'property_deleted', 'photos_added', 'photo_deleted', 'document_added', 'document_deleted');--> statement-breakpoint
CREATE TYPE "public"."area_unit" AS ENUM('sqm', 'sqft');--> statement-breakpoint
CREATE TYPE "public"."property_category" AS ENUM('residential', 'commercial', 'land');--> statement-breakpoint
CREATE TYPE "public"."property_purpose" AS ENUM('sale', 'rent');--> statement-breakpoint
CREATE TYPE "public"."property_status" AS ENUM('draft', 'active', 'under_offer', 'sold', 'rented', 'off_market');--> statement-breakpoint
CREATE TYPE "public"."property_type" AS ENUM('apartment', 'house', 'villa', 'townhouse', 'studio', 'penthouse', 'office', 'retail', 'warehouse', 'industrial', 'hotel', 'plot', 'farm_land');--> statement-breakpoint
CREATE TYPE "public"."property_visibility" AS ENUM('private', 'public');--> statement-breakpoint
CREATE TYPE "public"."rent_period" AS ENUM('monthly', 'weekly', 'daily', 'yearly');--> statement-breakpoint
CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" "activity_kind" NOT NULL,
	"property_id" uuid,
	"summary" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"category" "property_category" NOT NULL,
	"type" "property_type" NOT NULL,
	"purpose" "property_purpose" NOT NULL,
	"rent_period" "rent_period",
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reference_code" text,
	"price" numeric(14, 2),
	"currency" text DEFAULT 'USD' NOT NULL,
	"street" text,
	"area" text,
	"city" text,
	"region" text,
	"postal_code" text,
	"country" text,
	"latitude" double precision,
	"longitude" double precision,
	"built_area" numeric(12, 2),
	"area_unit" "area_unit" DEFAULT 'sqm' NOT NULL,
	"land_area" numeric(14, 2),
	"bedrooms" integer,
	"bathrooms" integer,
	"parking" integer,
	"floor" integer,
	"year_built" integer,
	"furnished" boolean,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" "property_status" DEFAULT 'draft' NOT NULL,
	"visibility" "property_visibility" DEFAULT 'private' NOT NULL,
	"private_notes" text DEFAULT '' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig,
          coalesce("properties"."title", '') || ' ' || coalesce("properties"."reference_code", '') || ' ' ||
          coalesce("properties"."street", '') || ' ' || coalesce("properties"."area", '') || ' ' ||
          coalesce("properties"."city", '') || ' ' || coalesce("properties"."region", '') || ' ' ||
          coalesce("properties"."postal_code", '') || ' ' || coalesce("properties"."description", ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"shared_with_clients" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"original_key" text NOT NULL,
	"variant_keys" jsonb NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_documents" ADD CONSTRAINT "property_documents_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_documents" ADD CONSTRAINT "property_documents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_photos" ADD CONSTRAINT "property_photos_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_photos" ADD CONSTRAINT "property_photos_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_owner_created_idx" ON "activities" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_property_idx" ON "activities" USING btree ("property_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "properties_owner_created_idx" ON "properties" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "properties_owner_status_idx" ON "properties" USING btree ("owner_id","status");--> statement-breakpoint
CREATE INDEX "properties_owner_price_idx" ON "properties" USING btree ("owner_id","price");--> statement-breakpoint
CREATE INDEX "properties_owner_city_idx" ON "properties" USING btree ("owner_id",lower("city"));--> statement-breakpoint
CREATE INDEX "properties_search_idx" ON "properties" USING gin ("search");--> statement-breakpoint
CREATE INDEX "properties_tags_idx" ON "properties" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "properties_public_idx" ON "properties" USING btree ("visibility","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "property_documents_property_idx" ON "property_documents" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE INDEX "property_photos_property_idx" ON "property_photos" USING btree ("property_id","position");