CREATE TYPE "public"."alert_reason" AS ENUM('new', 'price_drop');--> statement-breakpoint
ALTER TYPE "public"."share_kind" ADD VALUE 'client_alert';--> statement-breakpoint
CREATE TABLE "alert_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"reason" "alert_reason" NOT NULL,
	"reason_key" text NOT NULL,
	"price" numeric(14, 2),
	"previous_price" numeric(14, 2),
	"currency" text NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "client_alerts" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"share_id" text NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"consented_by" uuid,
	"stopped_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"last_mailed_at" timestamp with time zone,
	CONSTRAINT "client_alerts_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
ALTER TABLE "shares" DROP CONSTRAINT "shares_target_matches_kind";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "previous_price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "price_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_alerts" ADD CONSTRAINT "client_alerts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_alerts" ADD CONSTRAINT "client_alerts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_alerts" ADD CONSTRAINT "client_alerts_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_alerts" ADD CONSTRAINT "client_alerts_consented_by_users_id_fk" FOREIGN KEY ("consented_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_matches_client_property_reason_idx" ON "alert_matches" USING btree ("client_id","property_id","reason_key");--> statement-breakpoint
CREATE INDEX "alert_matches_unmailed_idx" ON "alert_matches" USING btree ("client_id") WHERE "alert_matches"."mailed_at" is null;--> statement-breakpoint
CREATE INDEX "alert_matches_client_mailed_idx" ON "alert_matches" USING btree ("client_id","mailed_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_target_matches_kind" CHECK (("shares"."kind"::text = 'property' and "shares"."property_id" is not null and "shares"."client_id" is null)
        or ("shares"."kind"::text in ('client_listing', 'client_alert') and "shares"."client_id" is not null and "shares"."property_id" is null));--> statement-breakpoint
-- Client alerts read "was X, now Y": every change of a property's price, by any code path
-- (the form, a bulk change, an import), keeps the old price and the time of the change.
CREATE OR REPLACE FUNCTION properties_remember_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.price IS DISTINCT FROM OLD.price THEN
    NEW.previous_price := OLD.price;
    NEW.price_changed_at := now();
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER properties_remember_price BEFORE UPDATE OF price ON properties
  FOR EACH ROW EXECUTE FUNCTION properties_remember_price();
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "commission_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "co_broker_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_commission_one_form" CHECK ("deals"."commission" is null or "deals"."commission_percent" is null);--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_commission_percent_range" CHECK ("deals"."commission_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_co_broker_percent_range" CHECK ("deals"."co_broker_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_commission_not_negative" CHECK ("deals"."commission" >= 0);