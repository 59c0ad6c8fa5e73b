-- Open houses and their sign-ins (issue 27, item 3; docs/decisions/038-open-house-sign-in.md).
-- A member who may change a listing starts an open house; visitors sign in on a page opened by
-- the open house's secret token (a tablet at the door, or their own phone by QR code); each
-- sign-in is also a lead (source open_house). Both are tenant tables under row-level security
-- like those of migrations 0022 and 0029. Visitors have no scope: the sign-in page runs as the
-- connecting role and names the agency itself, as share pages do.
CREATE TABLE "open_houses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid DEFAULT bv_scope_agency() NOT NULL REFERENCES "agencies"("id") ON DELETE CASCADE,
	-- The member who runs it (who started it): their card is on the sign-in page and the mails.
	"owner_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"property_id" uuid NOT NULL REFERENCES "properties"("id") ON DELETE CASCADE,
	-- The sign-in page's address: 128 random bits in base64url, its only key.
	"token" text NOT NULL UNIQUE CHECK ("token" ~ '^[A-Za-z0-9_-]{22}$'),
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	-- The broker's zone when it was planned: the times as they said them, and the next morning.
	"time_zone" text NOT NULL CHECK (char_length("time_zone") BETWEEN 1 AND 64),
	-- Set when the broker ended it before its end (ends_at is then that moment).
	"ended_early_at" timestamp with time zone,
	-- 08:00 in time_zone the day after: when visitors who consented are thanked by mail.
	"thanks_due_at" timestamp with time zone NOT NULL,
	"thanks_sent_at" timestamp with time zone,
	-- The listing's share link the thank-you mails carry (one per open house).
	"share_id" text REFERENCES "shares"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_houses_ends_after_start" CHECK ("ends_at" > "starts_at"),
	CONSTRAINT "open_houses_thanks_after_end" CHECK ("thanks_due_at" > "starts_at"),
	CONSTRAINT "open_houses_id_agency" UNIQUE ("id", "agency_id")
);
--> statement-breakpoint
CREATE INDEX "open_houses_property_starts_idx" ON "open_houses" ("property_id", "starts_at" DESC);
--> statement-breakpoint
CREATE INDEX "open_houses_owner_idx" ON "open_houses" ("owner_id");
--> statement-breakpoint
CREATE INDEX "open_houses_agency_idx" ON "open_houses" ("agency_id");
--> statement-breakpoint
-- The morning job looks only at open houses still owing their thank-you mails.
CREATE INDEX "open_houses_thanks_due_idx" ON "open_houses" ("thanks_due_at") WHERE "thanks_sent_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "open_house_sign_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid DEFAULT bv_scope_agency() NOT NULL REFERENCES "agencies"("id") ON DELETE CASCADE,
	"open_house_id" uuid NOT NULL,
	-- The lead the sign-in became (the leads module's row); kept when the lead is deleted.
	"lead_id" uuid REFERENCES "leads"("id") ON DELETE SET NULL,
	"name" text NOT NULL CHECK (char_length("name") BETWEEN 1 AND 200 AND "name" !~ '[\r\n]'),
	"email" text CHECK (char_length("email") <= 254 AND "email" !~ '[\r\n]'),
	"phone" text CHECK (char_length("phone") <= 50 AND "phone" !~ '[\r\n]'),
	-- The same person signing in again is found by these (one sign-in, one lead): the same
	-- e-mail (unique per open house), or the same phone when one of the two gave no e-mail.
	"email_normalized" text CHECK ("email_normalized" = lower("email_normalized") AND "email_normalized" LIKE '%_@_%'),
	"phone_key" text CHECK (char_length("phone_key") BETWEEN 5 AND 50),
	"with_agent" boolean NOT NULL,
	"agent_name" text CHECK (char_length("agent_name") <= 200 AND "agent_name" !~ '[\r\n]'),
	"consent_text" text CHECK (char_length("consent_text") <= 2000),
	"consented_at" timestamp with time zone,
	"signed_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	-- Its thank-you mail was queued (once: the job skips rows that have it).
	"thanked_at" timestamp with time zone,
	CONSTRAINT "open_house_sign_ins_contact" CHECK ("email" IS NOT NULL OR "phone" IS NOT NULL),
	CONSTRAINT "open_house_sign_ins_consent_with_time" CHECK (("consent_text" IS NULL) = ("consented_at" IS NULL)),
	CONSTRAINT "open_house_sign_ins_agent_name" CHECK ("with_agent" OR "agent_name" IS NULL),
	-- A sign-in belongs to an open house of its own agency.
	CONSTRAINT "open_house_sign_ins_open_house" FOREIGN KEY ("open_house_id", "agency_id") REFERENCES "open_houses"("id", "agency_id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX "open_house_sign_ins_open_house_idx" ON "open_house_sign_ins" ("open_house_id", "signed_in_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "open_house_sign_ins_email_idx" ON "open_house_sign_ins" ("open_house_id", "email_normalized") WHERE "email_normalized" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "open_house_sign_ins_phone_idx" ON "open_house_sign_ins" ("open_house_id", "phone_key") WHERE "phone_key" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "open_house_sign_ins_agency_idx" ON "open_house_sign_ins" ("agency_id");
--> statement-breakpoint
CREATE INDEX "open_house_sign_ins_lead_idx" ON "open_house_sign_ins" ("lead_id") WHERE "lead_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "open_houses" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_rows ON "open_houses" USING (agency_id = bv_scope_agency()) WITH CHECK (agency_id = bv_scope_agency());
--> statement-breakpoint
ALTER TABLE "open_house_sign_ins" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_rows ON "open_house_sign_ins" USING (agency_id = bv_scope_agency()) WITH CHECK (agency_id = bv_scope_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "open_houses", "open_house_sign_ins" TO brokervault_app;
