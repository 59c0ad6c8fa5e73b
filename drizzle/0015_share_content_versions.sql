CREATE TABLE "share_content_versions" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "share_content_versions" ADD CONSTRAINT "share_content_versions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Raises the owner's version once per statement that changes what a share page shows. Statement
-- triggers with transition tables: a 10,000-row import or bulk change costs one upsert, not one
-- per row. Owners whose account is being deleted (no users row any more) are skipped, so the
-- cascade of an account deletion does not recreate their row.
CREATE FUNCTION bump_share_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO share_content_versions AS v (owner_id, version)
       SELECT DISTINCT c.%1$I, 1 FROM %2$I c JOIN users u ON u.id = c.%1$I
     ON CONFLICT (owner_id) DO UPDATE SET version = v.version + 1',
    TG_ARGV[0],
    CASE WHEN TG_OP = 'DELETE' THEN 'changed_old' ELSE 'changed_new' END
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('properties', 'owner_id'),
    ('property_photos', 'owner_id'),
    ('property_documents', 'owner_id'),
    ('client_listing_items', 'owner_id'),
    ('client_feedback', 'owner_id'),
    ('profiles', 'id'),
    ('users', 'id')
  ) AS changed(tbl, owner_column) LOOP
    EXECUTE format('CREATE TRIGGER %1$s_share_content_insert AFTER INSERT ON %1$I REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION bump_share_content_version(%2$L)', t.tbl, t.owner_column);
    EXECUTE format('CREATE TRIGGER %1$s_share_content_update AFTER UPDATE ON %1$I REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION bump_share_content_version(%2$L)', t.tbl, t.owner_column);
    EXECUTE format('CREATE TRIGGER %1$s_share_content_delete AFTER DELETE ON %1$I REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION bump_share_content_version(%2$L)', t.tbl, t.owner_column);
  END LOOP;
END
$$;
