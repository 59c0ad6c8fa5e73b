-- Issue 26, seats and the audit log (docs/decisions/034-agencies-and-tenancy.md).

-- Accepting an invitation checks the seat again: an invitation held a seat when it was sent, but
-- the plan may have shrunk since (a downgrade, extra seats removed on Stripe). The agency row is
-- locked first, as for a new invitation, so an acceptance and an invitation never both take the
-- last seat. The accepting transaction spends its invitation before it inserts the member, so the
-- seat it held is not counted twice. A membership that exists already takes no new seat.
CREATE FUNCTION enforce_member_seat() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM 1 FROM agencies WHERE id = NEW.agency_id FOR UPDATE;
  IF EXISTS (SELECT 1 FROM agency_members WHERE agency_id = NEW.agency_id AND user_id = NEW.user_id) THEN
    RETURN NEW;
  END IF;
  IF agency_seats_taken(NEW.agency_id) >= agency_seat_limit(NEW.agency_id) THEN
    RAISE EXCEPTION 'seat_limit_reached' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER agency_members_seat_limit BEFORE INSERT ON agency_members FOR EACH ROW EXECUTE FUNCTION enforce_member_seat();
--> statement-breakpoint

-- The audit log of a member's own work on the agency's records: created, changed, moved to the
-- trash or back, reassigned, completed, revoked, deleted. Written by the database in the very
-- statement that makes the change, so no write path (a form, a bulk action, an import, the trash,
-- the hand-over of a removed member's records) can change a record without its line. The actor is
-- the scope's member; work outside a member's scope (jobs, scripts, anonymous visitors of share
-- pages, account deletion) is the system's and writes no line here.
-- An import is summarised instead: its transaction sets app.audit_summarised and writes one line
-- ("Imported 930 clients from …"). Hundreds of rows a statement, a line each, made an import
-- about twice as slow (the lines cost what the rows do); a bulk action (at most 100 rows) and
-- every other change keep their line per record.
-- Arguments: the object type ('property'), how a line names it ('Property'), its label column.
CREATE FUNCTION audit_record_change() RETURNS trigger
LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  v_actor uuid := bv_scope_member();
  v_row jsonb;
  v_old jsonb;
  v_verb text;
  v_label text;
  -- Columns that change with no one's decision: derived, counters, the calendar sequence.
  v_ignored text[] := ARRAY['updated_at', 'search', 'city_folded', 'area_folded', 'sequence', 'view_count',
    'last_viewed_at', 'previous_price', 'price_changed_at'];
BEGIN
  IF v_actor IS NULL OR current_setting('app.audit_summarised', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    v_row := to_jsonb(OLD);
    v_verb := 'deleted';
  ELSIF TG_OP = 'INSERT' THEN
    v_row := to_jsonb(NEW);
    v_verb := 'created';
  ELSE
    v_row := to_jsonb(NEW);
    v_old := to_jsonb(OLD);
    IF (v_old - v_ignored) = (v_row - v_ignored) THEN
      RETURN NULL;
    END IF;
    v_verb := CASE
      WHEN v_old->>'deleted_at' IS NULL AND v_row->>'deleted_at' IS NOT NULL THEN 'trashed'
      WHEN v_old->>'deleted_at' IS NOT NULL AND v_row->>'deleted_at' IS NULL THEN 'restored'
      WHEN v_old->>'revoked_at' IS NULL AND v_row->>'revoked_at' IS NOT NULL THEN 'revoked'
      WHEN v_old->>'done_at' IS NULL AND v_row->>'done_at' IS NOT NULL THEN 'completed'
      WHEN v_old->>'owner_id' IS DISTINCT FROM v_row->>'owner_id' THEN 'reassigned'
      ELSE 'changed'
    END;
  END IF;
  v_label := CASE
    WHEN TG_ARGV[2] <> '' THEN '“' || (v_row->>TG_ARGV[2]) || '”'
    ELSE coalesce(
      (SELECT 'of “' || p.title || '”' FROM properties p WHERE p.id = (v_row->>'property_id')::uuid),
      (SELECT 'for “' || c.full_name || '”' FROM clients c WHERE c.id = (v_row->>'client_id')::uuid))
  END;
  INSERT INTO audit_log (agency_id, actor_id, action, object_type, object_id, summary)
  VALUES (
    (v_row->>'agency_id')::uuid,
    v_actor,
    TG_ARGV[0] || '_' || v_verb,
    TG_ARGV[0],
    v_row->>'id',
    left(concat_ws(' ', TG_ARGV[1], v_label, CASE v_verb WHEN 'trashed' THEN 'moved to the trash' WHEN 'restored' THEN 'restored from the trash' ELSE v_verb END), 500)
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER properties_audit AFTER INSERT OR UPDATE OR DELETE ON properties FOR EACH ROW EXECUTE FUNCTION audit_record_change('property', 'Property', 'title');
--> statement-breakpoint
CREATE TRIGGER clients_audit AFTER INSERT OR UPDATE OR DELETE ON clients FOR EACH ROW EXECUTE FUNCTION audit_record_change('client', 'Client', 'full_name');
--> statement-breakpoint
CREATE TRIGGER deals_audit AFTER INSERT OR UPDATE OR DELETE ON deals FOR EACH ROW EXECUTE FUNCTION audit_record_change('deal', 'Deal', 'title');
--> statement-breakpoint
CREATE TRIGGER tasks_audit AFTER INSERT OR UPDATE OR DELETE ON tasks FOR EACH ROW EXECUTE FUNCTION audit_record_change('task', 'Task', 'title');
--> statement-breakpoint
CREATE TRIGGER viewings_audit AFTER INSERT OR UPDATE OR DELETE ON viewings FOR EACH ROW EXECUTE FUNCTION audit_record_change('viewing', 'Viewing', '');
--> statement-breakpoint
CREATE TRIGGER shares_audit AFTER INSERT OR UPDATE OR DELETE ON shares FOR EACH ROW EXECUTE FUNCTION audit_record_change('share', 'Share link', '');
--> statement-breakpoint

-- /agency/audit filters by member and by kind, newest first, a page at a time.
CREATE INDEX "audit_log_agency_actor_created_idx" ON "audit_log" ("agency_id", "actor_id", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_agency_type_created_idx" ON "audit_log" ("agency_id", "object_type", "created_at" DESC);
