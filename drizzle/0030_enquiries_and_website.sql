-- The doors through which leads arrive from the public (issue 27, items 1 and 2;
-- docs/decisions/036-enquiries-and-website.md): each agency gets a stable website address
-- /a/{slug}; an old address keeps redirecting (301) to the current one; and the website's pages,
-- kept in memory like share pages (docs/decisions/023, 024, 027), hear every change they show.
--
-- A slug: lower-case letters and digits in words joined by single hyphens, at most 60 characters.
ALTER TABLE "agencies" ADD COLUMN "slug" text CHECK ("slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length("slug") <= 60);
--> statement-breakpoint
-- Addresses an agency had before: /a/{old} answers 301 to /a/{current}. An agency taking back an
-- old slug of its own drops its row; another agency cannot take it (checked by the app and by
-- bv_unique_website_slug), so an old link never lands on somebody else's website.
CREATE TABLE "agency_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL CHECK ("slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length("slug") <= 60),
	"agency_id" uuid DEFAULT bv_scope_agency() NOT NULL REFERENCES "agencies"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "agency_slug_redirects_agency_idx" ON "agency_slug_redirects" ("agency_id");
--> statement-breakpoint
ALTER TABLE "agency_slug_redirects" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_rows ON "agency_slug_redirects" USING (agency_id = bv_scope_agency()) WITH CHECK (agency_id = bv_scope_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "agency_slug_redirects" TO brokervault_app;
--> statement-breakpoint
-- A name as a slug: accents folded (fold_text, migration 0006), anything else a hyphen.
CREATE FUNCTION bv_website_slug(name text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  s text := trim(both '-' from regexp_replace(public.fold_text(coalesce(name, '')), '[^a-z0-9]+', '-', 'g'));
BEGIN
  s := trim(both '-' from left(s, 50));
  RETURN nullif(s, '');
END
$$;
--> statement-breakpoint
-- The first free slug from `base` for this agency: base, base-2, base-3… Free means no other
-- agency has it, now or as an old address. Security definer: an agency's scope sees only its
-- own row, and uniqueness is about everybody's.
CREATE FUNCTION bv_unique_website_slug(base text, agency uuid) RETURNS text LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  candidate text := base;
  n integer := 1;
BEGIN
  WHILE EXISTS (SELECT 1 FROM agencies WHERE slug = candidate AND id <> agency)
     OR EXISTS (SELECT 1 FROM agency_slug_redirects WHERE slug = candidate AND agency_id <> agency) LOOP
    n := n + 1;
    candidate := base || '-' || n;
  END LOOP;
  RETURN candidate;
END
$$;
--> statement-breakpoint
-- Every agency so far, oldest first (the first gets the bare slug): its name, else its owner's
-- profile agency name, else the owner's name, else a placeholder from its id.
DO $$
DECLARE
  a record;
BEGIN
  FOR a IN
    SELECT g.id, coalesce(
      bv_website_slug(g.name),
      (SELECT coalesce(bv_website_slug(p.agency_name), bv_website_slug(p.full_name))
         FROM agency_members m JOIN profiles p ON p.id = m.user_id
        WHERE m.agency_id = g.id AND m.role = 'owner' LIMIT 1),
      'agency-' || left(g.id::text, 8)) AS base
    FROM agencies g ORDER BY g.created_at, g.id
  LOOP
    UPDATE agencies SET slug = bv_unique_website_slug(a.base, a.id) WHERE id = a.id;
  END LOOP;
END
$$;
--> statement-breakpoint
ALTER TABLE "agencies" ALTER COLUMN "slug" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "agencies_slug_idx" ON "agencies" ("slug");
--> statement-breakpoint
-- A new agency (created unnamed at sign-up) gets a placeholder from its id, and its name's slug
-- the first time it is named, unless the owner chose one meanwhile. After that the slug changes
-- only when an owner or admin changes it: renaming the agency keeps its address.
CREATE FUNCTION bv_agency_slug_default() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.slug IS NULL THEN
      NEW.slug := bv_unique_website_slug(coalesce(bv_website_slug(NEW.name), 'agency-' || left(NEW.id::text, 8)), NEW.id);
    END IF;
  ELSIF OLD.name = '' AND NEW.name <> '' AND NEW.slug = OLD.slug AND OLD.slug ~ ('^agency-' || left(OLD.id::text, 8) || '(-[0-9]+)?$')
        AND bv_website_slug(NEW.name) IS NOT NULL THEN
    NEW.slug := bv_unique_website_slug(bv_website_slug(NEW.name), NEW.id);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER agencies_slug_default BEFORE INSERT OR UPDATE OF name, slug ON agencies
  FOR EACH ROW EXECUTE FUNCTION bv_agency_slug_default();
--> statement-breakpoint
-- The old address keeps working: it is kept as a redirect, and the new one stops being one.
CREATE FUNCTION bv_agency_slug_moved() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM agency_slug_redirects WHERE slug = NEW.slug AND agency_id = NEW.id;
  INSERT INTO agency_slug_redirects (slug, agency_id) VALUES (OLD.slug, NEW.id)
    ON CONFLICT (slug) DO UPDATE SET agency_id = EXCLUDED.agency_id, created_at = now()
    WHERE agency_slug_redirects.agency_id = EXCLUDED.agency_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER agencies_slug_moved AFTER UPDATE OF slug ON agencies
  FOR EACH ROW WHEN (OLD.slug IS DISTINCT FROM NEW.slug) EXECUTE FUNCTION bv_agency_slug_moved();
--> statement-breakpoint
-- The website's pages kept in memory: they show the agency (name, logo, contact, address, slug),
-- its members (the agents' cards) and its members' listings. The listings, photos and the
-- agents' profiles already announce their owner (migrations 0015 and 0018); the agency itself
-- and its membership announce the agency's id on the same channel, which no share page is
-- filed under, so share pages are not dropped by it.
CREATE FUNCTION announce_website_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'agencies' THEN
    PERFORM announce_share_change(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  ELSE
    PERFORM announce_share_change(CASE WHEN TG_OP = 'DELETE' THEN OLD.agency_id ELSE NEW.agency_id END);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER agencies_website_change AFTER UPDATE OF name, slug, licence_number, phone, email, website, address, logo_id ON agencies
  FOR EACH ROW
  WHEN ((OLD.name, OLD.slug, OLD.licence_number, OLD.phone, OLD.email, OLD.website, OLD.address, OLD.logo_id)
        IS DISTINCT FROM (NEW.name, NEW.slug, NEW.licence_number, NEW.phone, NEW.email, NEW.website, NEW.address, NEW.logo_id))
  EXECUTE FUNCTION announce_website_change();
--> statement-breakpoint
CREATE TRIGGER agencies_website_delete AFTER DELETE ON agencies
  FOR EACH ROW EXECUTE FUNCTION announce_website_change();
--> statement-breakpoint
CREATE TRIGGER agency_members_website_change AFTER INSERT OR DELETE OR UPDATE OF role, user_id ON agency_members
  FOR EACH ROW EXECUTE FUNCTION announce_website_change();
--> statement-breakpoint
-- The website's listings of one agency, newest first (public and active only: a small index).
CREATE INDEX "properties_agency_public_idx" ON "properties" ("agency_id", "created_at" DESC, "id" DESC)
  WHERE "visibility" = 'public' AND "status" = 'active' AND "deleted_at" IS NULL;
