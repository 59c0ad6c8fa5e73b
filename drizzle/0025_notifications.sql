-- Notifications in the app (issue 25; docs/decisions/033-notifications-drag-and-profile-sections.md):
-- what happened for the broker (clients' reactions and comments, viewing feedback, alert mails
-- sent, exports ready), unread until /notifications shows it. The partial index keeps the unread
-- count that the session query carries to the header at a few index entries per broker.
CREATE TYPE "public"."notification_kind" AS ENUM('client_feedback', 'viewing_feedback', 'alert_sent', 'export_ready');--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"summary" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"href" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_owner_created_idx" ON "notifications" USING btree ("owner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_owner_unread_idx" ON "notifications" USING btree ("owner_id") WHERE "notifications"."read_at" is null;
--> statement-breakpoint
-- A member's own notifications only, in a signed-in request (migration 0022's app role).
ALTER TABLE "notifications" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY own_rows ON "notifications" USING (owner_id = bv_scope_member());
