-- The agency's identity on what clients see (issue 26; docs/decisions/034-agencies-and-tenancy.md):
-- a logo and an address beside the name, licence and contact of migration 0022, and share pages
-- kept in memory (docs/decisions/023, 024, 027) that drop when any of it changes.
ALTER TABLE "agencies" ADD COLUMN "logo_id" text;
--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "address" text;
--> statement-breakpoint
-- The logo is served by its random, per-upload id (as avatars are): one lookup by it.
CREATE UNIQUE INDEX "agencies_logo_idx" ON "agencies" ("logo_id") WHERE "logo_id" IS NOT NULL;
--> statement-breakpoint
-- Every share page of the agency shows its identity: a change raises the share content version
-- (migration 0015) of each member who holds a live link in it, and announces it (migration 0018),
-- so exactly those pages leave memory. Versions are per member: a member of two agencies also
-- loses their pages of the other one, which only costs a render.
CREATE FUNCTION announce_agency_identity_change() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  changed_owner uuid;
BEGIN
  FOR changed_owner IN
    INSERT INTO share_content_versions AS v (owner_id, version)
      SELECT DISTINCT s.owner_id, 1 FROM shares s JOIN users u ON u.id = s.owner_id
      WHERE s.agency_id = NEW.id AND s.revoked_at IS NULL
    ON CONFLICT (owner_id) DO UPDATE SET version = v.version + 1
    RETURNING owner_id
  LOOP
    PERFORM announce_share_change(changed_owner);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Seats bought and the creation time are not on any page: only the identity's columns count.
CREATE TRIGGER agencies_identity_change AFTER UPDATE OF name, licence_number, phone, email, website, address, logo_id ON agencies
  FOR EACH ROW
  WHEN ((OLD.name, OLD.licence_number, OLD.phone, OLD.email, OLD.website, OLD.address, OLD.logo_id)
        IS DISTINCT FROM (NEW.name, NEW.licence_number, NEW.phone, NEW.email, NEW.website, NEW.address, NEW.logo_id))
  EXECUTE FUNCTION announce_agency_identity_change();
--> statement-breakpoint
-- A link handed to another member (a member removed or leaving: db/reassign.server.ts) now shows
-- that member's contact: its kept page goes, as for a revoked link (migration 0018's trigger,
-- which announces the previous owner, whose pages the kept one is filed under).
DROP TRIGGER shares_link_change_update ON shares;
--> statement-breakpoint
CREATE TRIGGER shares_link_change_update AFTER UPDATE OF revoked_at, expires_at, property_id, client_id, owner_id ON shares
  FOR EACH ROW EXECUTE FUNCTION announce_share_link_change();
