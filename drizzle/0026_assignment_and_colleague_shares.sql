-- Assignment and sharing inside an agency (issue 26; docs/decisions/034-agencies-and-tenancy.md,
-- "Assignment, Mine / Agency, sharing with colleagues").
--
-- colleague_shares: which named colleagues a client (with its shortlist), deal, viewing or task is
-- shared with. One record per row (exactly one of the four ids); a member is named once per record.
-- The member must be a member of the row's agency: the foreign key to agency_members says so, and
-- removing the member removes their shares with the membership.
CREATE TABLE "colleague_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid DEFAULT bv_scope_agency() NOT NULL REFERENCES "agencies"("id") ON DELETE CASCADE,
	"member_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"shared_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"client_id" uuid REFERENCES "clients"("id") ON DELETE CASCADE,
	"deal_id" uuid REFERENCES "deals"("id") ON DELETE CASCADE,
	"viewing_id" uuid REFERENCES "viewings"("id") ON DELETE CASCADE,
	"task_id" uuid REFERENCES "tasks"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "colleague_shares_one_record_check" CHECK (num_nonnulls("client_id", "deal_id", "viewing_id", "task_id") = 1),
	CONSTRAINT "colleague_shares_member_fk" FOREIGN KEY ("agency_id", "member_id") REFERENCES "agency_members"("agency_id", "user_id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE UNIQUE INDEX "colleague_shares_client_idx" ON "colleague_shares" ("client_id", "member_id") WHERE "client_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "colleague_shares_deal_idx" ON "colleague_shares" ("deal_id", "member_id") WHERE "deal_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "colleague_shares_viewing_idx" ON "colleague_shares" ("viewing_id", "member_id") WHERE "viewing_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "colleague_shares_task_idx" ON "colleague_shares" ("task_id", "member_id") WHERE "task_id" IS NOT NULL;
--> statement-breakpoint
-- What is shared with a member: read by every visibility check of an agent in an agency of several.
CREATE INDEX "colleague_shares_member_idx" ON "colleague_shares" ("member_id", "agency_id");
--> statement-breakpoint
ALTER TABLE "colleague_shares" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_rows ON "colleague_shares" USING (agency_id = bv_scope_agency()) WITH CHECK (agency_id = bv_scope_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "colleague_shares" TO brokervault_app;
--> statement-breakpoint

-- Who acted: the member whose request wrote the line, filled by the database from the scope as
-- agency_id is (null outside a request: a client's feedback, the jobs). Lines of agencies of one
-- need none (they read as before); the lines members of agencies of several wrote so far were
-- written by their owner_id, but for what clients and visitors did.
ALTER TABLE "activities" ADD COLUMN "actor_id" uuid DEFAULT bv_scope_member() REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
UPDATE "activities" a SET "actor_id" = a."owner_id"
 WHERE a."kind"::text NOT IN ('client_feedback', 'viewing_feedback', 'share_viewed')
   AND (SELECT count(*) FROM "agency_members" m WHERE m."agency_id" = a."agency_id") > 1;
--> statement-breakpoint
-- The agency's log, newest first (an owner's or admin's /home), and a deal's own feed.
CREATE INDEX "activities_agency_created_idx" ON "activities" ("agency_id", "created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "activities_deal_idx" ON "activities" ("deal_id", "created_at" DESC NULLS FIRST);
--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'record_assigned';
--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'record_shared';
--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'record_unshared';
