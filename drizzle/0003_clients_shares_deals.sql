CREATE TYPE "public"."client_kind" AS ENUM('buyer', 'seller', 'tenant', 'landlord', 'investor');--> statement-breakpoint
CREATE TYPE "public"."client_stage" AS ENUM('new', 'contacted', 'viewing', 'negotiating', 'won', 'lost');--> statement-breakpoint
CREATE TYPE "public"."comment_subject" AS ENUM('property', 'client', 'deal');--> statement-breakpoint
CREATE TYPE "public"."deal_stage" AS ENUM('lead', 'viewing', 'offer', 'under_contract', 'closed_won', 'closed_lost');--> statement-breakpoint
CREATE TYPE "public"."feedback_reaction" AS ENUM('interested', 'not_for_me');--> statement-breakpoint
CREATE TYPE "public"."share_kind" AS ENUM('property', 'client_listing');--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'client_created';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'client_updated';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'client_stage_changed';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'listing_updated';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'listing_shared';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'share_revoked';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'share_viewed';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'client_feedback';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'deal_created';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'deal_moved';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'comment_added';--> statement-breakpoint
CREATE TABLE "client_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"share_id" text NOT NULL,
	"client_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"reaction" "feedback_reaction",
	"comment" text DEFAULT '' NOT NULL,
	"author_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_listing_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"email" text,
	"phone" text,
	"kind" "client_kind" DEFAULT 'buyer' NOT NULL,
	"stage" "client_stage" DEFAULT 'new' NOT NULL,
	"source" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"wanted_purpose" "property_purpose",
	"wanted_categories" "property_category"[] DEFAULT '{}' NOT NULL,
	"wanted_types" "property_type"[] DEFAULT '{}' NOT NULL,
	"budget_min" numeric(14, 2),
	"budget_max" numeric(14, 2),
	"wanted_places" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_bedrooms" integer,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig,
          coalesce("clients"."full_name", '') || ' ' || coalesce("clients"."email", '') || ' ' ||
          coalesce("clients"."phone", '') || ' ' || coalesce("clients"."source", '') || ' ' || coalesce("clients"."notes", ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"subject" "comment_subject" NOT NULL,
	"property_id" uuid,
	"client_id" uuid,
	"deal_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"property_id" uuid,
	"title" text NOT NULL,
	"stage" "deal_stage" DEFAULT 'lead' NOT NULL,
	"value" numeric(14, 2),
	"currency" text DEFAULT 'USD' NOT NULL,
	"commission" numeric(14, 2),
	"expected_close_date" date,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_views" (
	"share_id" text NOT NULL,
	"visitor_hash" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "share_views_share_id_visitor_hash_day_pk" PRIMARY KEY("share_id","visitor_hash","day")
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" "share_kind" NOT NULL,
	"property_id" uuid,
	"client_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone,
	CONSTRAINT "shares_target_matches_kind" CHECK (("shares"."kind" = 'property' and "shares"."property_id" is not null and "shares"."client_id" is null)
        or ("shares"."kind" = 'client_listing' and "shares"."client_id" is not null and "shares"."property_id" is null))
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "deal_id" uuid;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "share_id" text;--> statement-breakpoint
ALTER TABLE "client_feedback" ADD CONSTRAINT "client_feedback_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_feedback" ADD CONSTRAINT "client_feedback_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_feedback" ADD CONSTRAINT "client_feedback_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_feedback" ADD CONSTRAINT "client_feedback_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_listing_items" ADD CONSTRAINT "client_listing_items_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_listing_items" ADD CONSTRAINT "client_listing_items_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_listing_items" ADD CONSTRAINT "client_listing_items_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_views" ADD CONSTRAINT "share_views_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_feedback_client_idx" ON "client_feedback" USING btree ("client_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "client_listing_items_client_property_idx" ON "client_listing_items" USING btree ("client_id","property_id");--> statement-breakpoint
CREATE INDEX "client_listing_items_client_position_idx" ON "client_listing_items" USING btree ("client_id","position");--> statement-breakpoint
CREATE INDEX "clients_owner_created_idx" ON "clients" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clients_owner_stage_idx" ON "clients" USING btree ("owner_id","stage");--> statement-breakpoint
CREATE INDEX "clients_search_idx" ON "clients" USING gin ("search");--> statement-breakpoint
CREATE INDEX "clients_tags_idx" ON "clients" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "comments_property_idx" ON "comments" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_client_idx" ON "comments" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_deal_idx" ON "comments" USING btree ("deal_id","created_at");--> statement-breakpoint
CREATE INDEX "deals_owner_stage_idx" ON "deals" USING btree ("owner_id","stage");--> statement-breakpoint
CREATE INDEX "deals_client_idx" ON "deals" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "shares_property_idx" ON "shares" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "shares_client_idx" ON "shares" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "activities_client_idx" ON "activities" USING btree ("client_id","created_at" DESC NULLS LAST);