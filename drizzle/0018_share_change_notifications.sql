-- Share pages served from memory with no query (docs/decisions/024-share-pages-without-a-query.md).
-- Every change a share page shows is announced twice, both carrying the owner and the
-- transaction id:
--   NOTIFY share_content '<owner> <txid>'  at commit, to every listening server: drop the owner's pages;
--   RAISE NOTICE 'share_content <owner> <txid>'  at once, to the writing connection only, and only
--     when it asked for it (brokervault.change_notices = on, set by the app's own connections), so
--     the writing server stops trusting its memory for that owner until the commit's NOTIFY arrives.
CREATE FUNCTION announce_share_change(owner uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tag text := owner::text || ' ' || txid_current()::text;
BEGIN
  PERFORM pg_notify('share_content', tag);
  IF current_setting('brokervault.change_notices', true) = 'on' THEN
    RAISE NOTICE 'share_content %', tag;
  END IF;
END
$$;
--> statement-breakpoint
-- The version bump of migration 0015, now also announced per owner the statement touched.
CREATE OR REPLACE FUNCTION bump_share_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_owner uuid;
BEGIN
  FOR changed_owner IN EXECUTE format(
    'INSERT INTO share_content_versions AS v (owner_id, version)
       SELECT DISTINCT c.%1$I, 1 FROM %2$I c JOIN users u ON u.id = c.%1$I
     ON CONFLICT (owner_id) DO UPDATE SET version = v.version + 1
     RETURNING owner_id',
    TG_ARGV[0],
    CASE WHEN TG_OP = 'DELETE' THEN 'changed_old' ELSE 'changed_new' END
  ) LOOP
    PERFORM announce_share_change(changed_owner);
  END LOOP;
  -- An account being deleted has no users row any more, so no version row: still announced,
  -- its pages must leave memory with it.
  IF TG_TABLE_NAME = 'users' AND TG_OP = 'DELETE' THEN
    FOR changed_owner IN SELECT id FROM changed_old LOOP
      PERFORM announce_share_change(changed_owner);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A link revoked, re-dated or deleted. Its view counter (updated on every new visitor) is not
-- a change of the page, so the trigger names its columns.
CREATE FUNCTION announce_share_link_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_share_change(OLD.owner_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shares_link_change_update AFTER UPDATE OF revoked_at, expires_at, property_id, client_id ON shares
  FOR EACH ROW EXECUTE FUNCTION announce_share_link_change();
--> statement-breakpoint
CREATE TRIGGER shares_link_change_delete AFTER DELETE ON shares
  FOR EACH ROW EXECUTE FUNCTION announce_share_link_change();
