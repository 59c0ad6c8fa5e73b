CREATE TYPE "public"."notice_mode" AS ENUM('batched', 'daily', 'off');--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "notice_mode" "notice_mode" DEFAULT 'batched' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "last_digest_on" date;--> statement-breakpoint
ALTER TABLE "client_feedback" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "client_feedback_unnotified_idx" ON "client_feedback" USING btree ("owner_id","share_id") WHERE "client_feedback"."notified_at" is null;--> statement-breakpoint
-- Feedback given before notices existed was seen in the app: nothing to mail about it.
UPDATE "client_feedback" SET "notified_at" = "created_at";
