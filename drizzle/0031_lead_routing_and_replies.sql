-- Leads, what happens once one is in (issue 27 items 5–8; docs/decisions/037-lead-routing-and-replies.md):
-- routing in an agency (a setting per agency, a "takes leads" switch per member, a sweep that
-- routes every lead whatever code inserted it and escalates the ones nobody claimed), replies
-- sent from the app with their conversation, conversion keeping source and consent on the client.
ALTER TYPE "public"."notification_kind" ADD VALUE IF NOT EXISTS 'new_lead';
--> statement-breakpoint
-- How the agency's new leads find a member. No row: round-robin, 15 minutes, then the next member.
-- `last_member_id` is the round-robin's place: the next lead goes to the taker after it.
CREATE TABLE "lead_routing" (
	"agency_id" uuid PRIMARY KEY DEFAULT bv_scope_agency() NOT NULL REFERENCES "agencies"("id") ON DELETE CASCADE,
	"mode" text DEFAULT 'round_robin' NOT NULL CHECK ("mode" IN ('round_robin', 'first_to_claim', 'listing_agent')),
	"claim_minutes" integer DEFAULT 15 NOT NULL CHECK ("claim_minutes" BETWEEN 1 AND 1440),
	"escalation" text DEFAULT 'next_member' NOT NULL CHECK ("escalation" IN ('next_member', 'admins')),
	"last_member_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A member who does not take leads (off holiday, a back-office admin). No row: takes leads.
CREATE TABLE "lead_takers" (
	"agency_id" uuid DEFAULT bv_scope_agency() NOT NULL REFERENCES "agencies"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"takes_leads" boolean DEFAULT true NOT NULL,
	PRIMARY KEY ("agency_id", "user_id")
);
--> statement-breakpoint
-- Routing state on the lead. `routed_at` null: not routed yet, whatever code inserted it (the
-- sweep picks it up within seconds). `escalate_at`: when the current offer runs out unclaimed.
ALTER TABLE "leads"
	ADD COLUMN "routed_at" timestamp with time zone,
	ADD COLUMN "offered_at" timestamp with time zone,
	ADD COLUMN "escalate_at" timestamp with time zone,
	ADD COLUMN "escalated_at" timestamp with time zone,
	ADD COLUMN "offers" integer DEFAULT 0 NOT NULL CHECK ("offers" >= 0);
--> statement-breakpoint
-- Leads already in were seen in the inbox before routing existed: nobody is told of them again.
UPDATE "leads" SET "routed_at" = "arrived_at";
--> statement-breakpoint
CREATE INDEX "leads_unrouted_idx" ON "leads" ("arrived_at") WHERE "routed_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "leads_escalate_idx" ON "leads" ("escalate_at") WHERE "escalate_at" IS NOT NULL;
--> statement-breakpoint
-- Speed to lead per member and week.
CREATE INDEX "leads_agency_owner_arrived_idx" ON "leads" ("agency_id", "owner_id", "arrived_at");
--> statement-breakpoint
-- Reply wording of the agency, with placeholders ({{name}}, {{property}}, {{agent}}…). Plain text.
CREATE TABLE "lead_reply_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid DEFAULT bv_scope_agency() NOT NULL REFERENCES "agencies"("id") ON DELETE CASCADE,
	"name" text NOT NULL CHECK (char_length("name") BETWEEN 1 AND 100 AND "name" !~ '[\r\n]'),
	"subject" text NOT NULL CHECK (char_length("subject") BETWEEN 1 AND 200 AND "subject" !~ '[\r\n]'),
	"body" text NOT NULL CHECK (char_length("body") BETWEEN 1 AND 5000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "lead_reply_templates_agency_idx" ON "lead_reply_templates" ("agency_id", "name");
--> statement-breakpoint
-- A lead's conversation: replies sent from the app ('out', with the Message-ID we gave them) and
-- the answers that came back to the inbound address naming one of them ('in'). Plain text only.
CREATE TABLE "lead_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid DEFAULT bv_scope_agency() NOT NULL REFERENCES "agencies"("id") ON DELETE CASCADE,
	"lead_id" uuid NOT NULL REFERENCES "leads"("id") ON DELETE CASCADE,
	"direction" text NOT NULL CHECK ("direction" IN ('out', 'in')),
	"author_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"from_address" text CHECK (char_length("from_address") <= 998 AND "from_address" !~ '[\r\n]'),
	"to_address" text CHECK (char_length("to_address") <= 998 AND "to_address" !~ '[\r\n]'),
	"subject" text DEFAULT '' NOT NULL CHECK (char_length("subject") <= 998 AND "subject" !~ '[\r\n]'),
	"body" text DEFAULT '' NOT NULL CHECK (char_length("body") <= 100000),
	"message_id" text CHECK (char_length("message_id") <= 998 AND "message_id" !~ '[\r\n]'),
	"mail_digest" text CHECK ("mail_digest" ~ '^[0-9a-f]{64}$'),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_messages_out_has_id" CHECK ("direction" <> 'out' OR "message_id" IS NOT NULL),
	CONSTRAINT "lead_messages_in_has_digest" CHECK ("direction" <> 'in' OR "mail_digest" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX "lead_messages_lead_idx" ON "lead_messages" ("lead_id", "created_at", "id");
--> statement-breakpoint
-- An answer names our reply by its Message-ID: one probe per id in the agency.
CREATE UNIQUE INDEX "lead_messages_sent_id_idx" ON "lead_messages" ("agency_id", "message_id") WHERE "direction" = 'out';
--> statement-breakpoint
-- An answer delivered twice is one message.
CREATE UNIQUE INDEX "lead_messages_digest_idx" ON "lead_messages" ("lead_id", "mail_digest") WHERE "mail_digest" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "lead_messages_author_idx" ON "lead_messages" ("author_id") WHERE "author_id" IS NOT NULL;
--> statement-breakpoint
-- A client that was a lead keeps the consent the person gave (the wording and when), as leads do.
ALTER TABLE "clients"
	ADD COLUMN "consent_text" text CHECK (char_length("consent_text") <= 2000),
	ADD COLUMN "consented_at" timestamp with time zone,
	ADD CONSTRAINT "clients_consent_with_time" CHECK (("consent_text" IS NULL) = ("consented_at" IS NULL));
--> statement-breakpoint
ALTER TABLE "lead_routing" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_rows ON "lead_routing" USING (agency_id = bv_scope_agency()) WITH CHECK (agency_id = bv_scope_agency());
--> statement-breakpoint
ALTER TABLE "lead_takers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_rows ON "lead_takers" USING (agency_id = bv_scope_agency()) WITH CHECK (agency_id = bv_scope_agency());
--> statement-breakpoint
ALTER TABLE "lead_reply_templates" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_rows ON "lead_reply_templates" USING (agency_id = bv_scope_agency()) WITH CHECK (agency_id = bv_scope_agency());
--> statement-breakpoint
ALTER TABLE "lead_messages" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_rows ON "lead_messages" USING (agency_id = bv_scope_agency()) WITH CHECK (agency_id = bv_scope_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "lead_routing", "lead_takers", "lead_reply_templates", "lead_messages" TO brokervault_app;
