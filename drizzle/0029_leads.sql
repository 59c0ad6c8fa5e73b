-- Leads (issue 27; docs/decisions/035-leads-inbound-mail.md): enquiries that arrive by
-- themselves (an inbound e-mail address per agency now; enquiry forms, the public website and
-- open-house sign-in later), each an agency's row under row-level security like the tenant
-- tables of migration 0022. The columns for claiming, routing, conversion and speed to lead
-- exist from the start so the later steps need no reshaping of rows already kept.
CREATE TYPE "public"."lead_source" AS ENUM('enquiry_form', 'website', 'open_house', 'email', 'manual');
--> statement-breakpoint
CREATE TYPE "public"."lead_status" AS ENUM('new', 'claimed', 'converted', 'discarded');
--> statement-breakpoint
-- The agency's inbound address is leads+TOKEN@INBOUND_MAIL_DOMAIN: the token is its only
-- secret (80 random bits in lower-case base32, since mail systems may lower-case a local part).
-- Rotating replaces it: the old address stops working at once.
CREATE TABLE "lead_inboxes" (
	"agency_id" uuid PRIMARY KEY DEFAULT bv_scope_agency() NOT NULL REFERENCES "agencies"("id") ON DELETE CASCADE,
	"token" text NOT NULL UNIQUE CHECK ("token" ~ '^[a-z2-7]{16}$'),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid DEFAULT bv_scope_agency() NOT NULL REFERENCES "agencies"("id") ON DELETE CASCADE,
	-- The member the lead is assigned to; null while nobody has it (a new lead).
	"owner_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"source" "lead_source" NOT NULL,
	"status" "lead_status" DEFAULT 'new' NOT NULL,
	"property_id" uuid REFERENCES "properties"("id") ON DELETE SET NULL,
	"contact_name" text CHECK (char_length("contact_name") <= 200 AND "contact_name" !~ '[\r\n]'),
	"contact_email" text CHECK (char_length("contact_email") <= 254 AND "contact_email" !~ '[\r\n]'),
	"contact_phone" text CHECK (char_length("contact_phone") <= 50 AND "contact_phone" !~ '[\r\n]'),
	-- For finding the same person again (duplicates on conversion): lower-case e-mail, E.164 phone.
	"email_normalized" text CHECK (char_length("email_normalized") <= 254 AND "email_normalized" = lower("email_normalized") AND "email_normalized" LIKE '%_@_%'),
	"phone_e164" text CHECK ("phone_e164" ~ '^\+[1-9][0-9]{6,14}$'),
	"message" text DEFAULT '' NOT NULL CHECK (char_length("message") <= 20000),
	"viewing_times" text CHECK (char_length("viewing_times") <= 1000),
	-- The consent wording the person agreed to and when (enquiry forms), as client alerts keep it.
	"consent_text" text CHECK (char_length("consent_text") <= 2000),
	"consented_at" timestamp with time zone,
	-- A mail lead: its headers as single lines (they may be used in a reply's headers one day),
	-- the original as readable text, and the raw source, bounded. All plain text: never HTML.
	"mail_subject" text CHECK (char_length("mail_subject") <= 998 AND "mail_subject" !~ '[\r\n]'),
	"mail_from" text CHECK (char_length("mail_from") <= 998 AND "mail_from" !~ '[\r\n]'),
	"mail_message_id" text CHECK (char_length("mail_message_id") <= 998 AND "mail_message_id" !~ '[\r\n]'),
	-- SHA-256 of the raw message: a message delivered twice (a retry, a replayed post) is one lead.
	"mail_digest" text CHECK ("mail_digest" ~ '^[0-9a-f]{64}$'),
	"original_text" text CHECK (char_length("original_text") <= 100000),
	"raw_message" text CHECK (octet_length("raw_message") <= 262144),
	"raw_truncated" boolean DEFAULT false NOT NULL,
	"arrived_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	-- Speed to lead: the first reply sent and the first stage change after arrival.
	"first_reply_at" timestamp with time zone,
	"first_stage_change_at" timestamp with time zone,
	"client_id" uuid REFERENCES "clients"("id") ON DELETE SET NULL,
	"converted_at" timestamp with time zone,
	"discarded_at" timestamp with time zone,
	"discarded_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	CONSTRAINT "leads_consent_with_time" CHECK (("consent_text" IS NULL) = ("consented_at" IS NULL)),
	CONSTRAINT "leads_mail_source" CHECK (("source" = 'email') = ("mail_digest" IS NOT NULL)),
	CONSTRAINT "leads_client_when_converted" CHECK ("client_id" IS NULL OR "status" = 'converted'),
	CONSTRAINT "leads_converted_at" CHECK ("status" <> 'converted' OR "converted_at" IS NOT NULL),
	CONSTRAINT "leads_discarded_at" CHECK ("status" <> 'discarded' OR "discarded_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "leads_agency_mail_digest_idx" ON "leads" ("agency_id", "mail_digest") WHERE "mail_digest" IS NOT NULL;
--> statement-breakpoint
-- The inbox, newest first; and by status (open ones, discarded ones).
CREATE INDEX "leads_agency_arrived_idx" ON "leads" ("agency_id", "arrived_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "leads_agency_status_arrived_idx" ON "leads" ("agency_id", "status", "arrived_at" DESC, "id" DESC);
--> statement-breakpoint
-- The same person again: conversion looks clients and earlier leads up by these.
CREATE INDEX "leads_agency_email_idx" ON "leads" ("agency_id", "email_normalized") WHERE "email_normalized" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "leads_agency_phone_idx" ON "leads" ("agency_id", "phone_e164") WHERE "phone_e164" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "leads_owner_idx" ON "leads" ("owner_id") WHERE "owner_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "leads_property_idx" ON "leads" ("property_id") WHERE "property_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "leads_client_idx" ON "leads" ("client_id") WHERE "client_id" IS NOT NULL;
--> statement-breakpoint
-- A mail names its property by reference code ("Ref. AB-12"), compared without case, within
-- the agency: one index probe per code instead of a walk over the agency's stock.
CREATE INDEX "properties_agency_reference_idx" ON "properties" ("agency_id", lower("reference_code")) WHERE "reference_code" IS NOT NULL;
--> statement-breakpoint
-- The boundary, as on every tenant table (migration 0022): the app's role sees and writes only
-- its scope's agency. Mail arrives outside any scope (the connecting role) and names its agency.
ALTER TABLE "leads" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_rows ON "leads" USING (agency_id = bv_scope_agency()) WITH CHECK (agency_id = bv_scope_agency());
--> statement-breakpoint
ALTER TABLE "lead_inboxes" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_rows ON "lead_inboxes" USING (agency_id = bv_scope_agency()) WITH CHECK (agency_id = bv_scope_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "leads", "lead_inboxes" TO brokervault_app;
