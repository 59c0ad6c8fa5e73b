-- Trash instead of forever (issue 25; docs/decisions/032-trash-and-own-tasks.md). A deleted
-- property, client, photo or document keeps its row with deleted_at set for 30 days, hidden
-- from every list, search, share page and mail, and can be restored; a job then removes the row
-- and its files. The partial indexes hold trashed rows only: the /trash page and the purge job.
ALTER TABLE "properties" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "property_photos" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "property_documents" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "properties_trash_idx" ON "properties" USING btree ("owner_id","deleted_at") WHERE "properties"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "clients_trash_idx" ON "clients" USING btree ("owner_id","deleted_at") WHERE "clients"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "property_photos_trash_idx" ON "property_photos" USING btree ("owner_id","deleted_at") WHERE "property_photos"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "property_documents_trash_idx" ON "property_documents" USING btree ("owner_id","deleted_at") WHERE "property_documents"."deleted_at" is not null;--> statement-breakpoint
-- Plan limits count live properties only: the trash does not take a place of the plan.
CREATE OR REPLACE FUNCTION get_user_property_count(p_user_id uuid) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT count(*)::integer FROM properties WHERE owner_id = p_user_id AND deleted_at IS NULL
$$;
--> statement-breakpoint
-- The agency's count (migration 0022), what the insert and restore triggers compare with the plan.
CREATE OR REPLACE FUNCTION get_agency_property_count(p_agency_id uuid) RETURNS integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT count(*)::integer FROM properties WHERE agency_id = p_agency_id AND deleted_at IS NULL
$$;
--> statement-breakpoint
-- A restore brings a property back into the count, so it passes the same check as an insert
-- (migration 0013's enforce_property_limit: the subscription row locked, the plan usable, room
-- under the limit). The row is still trashed when the check counts, so it does not count itself.
CREATE TRIGGER properties_enforce_plan_limit_on_restore
BEFORE UPDATE OF deleted_at ON properties
FOR EACH ROW WHEN (OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL)
EXECUTE FUNCTION enforce_property_limit();
--> statement-breakpoint
-- A client's shortlist link shows nothing once the client is in the trash, and again once
-- restored: clients are not otherwise on share pages, so only this column is watched, announced
-- like every other share page change (migration 0018) and raising the owner's version (0015).
CREATE FUNCTION announce_client_trash_change() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF OLD.deleted_at IS DISTINCT FROM NEW.deleted_at THEN
    INSERT INTO share_content_versions AS v (owner_id, version) VALUES (NEW.owner_id, 1)
    ON CONFLICT (owner_id) DO UPDATE SET version = v.version + 1;
    PERFORM announce_share_change(NEW.owner_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER clients_trash_share_change AFTER UPDATE OF deleted_at ON clients
  FOR EACH ROW EXECUTE FUNCTION announce_client_trash_change();
--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'property_restored';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'client_deleted';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'client_restored';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'photo_restored';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'document_restored';--> statement-breakpoint
-- Tasks of their own: about nothing (a call to make, a form to send) or one record as before,
-- and repeating daily, weekly or monthly. Completing a repeating task creates the next one and
-- remembers it (next_task_id), so reopening and completing again creates no second one.
CREATE TYPE "public"."task_repeat" AS ENUM('daily', 'weekly', 'monthly');--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "repeat" "task_repeat";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "next_task_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_next_task_id_tasks_id_fk" FOREIGN KEY ("next_task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_one_subject_check";--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_at_most_one_subject_check" CHECK (num_nonnulls("tasks"."property_id", "tasks"."client_id", "tasks"."deal_id") <= 1);
