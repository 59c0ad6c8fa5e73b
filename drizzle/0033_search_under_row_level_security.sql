-- Text search under row-level security (issue 24, docs/decisions/029-a-brokers-cost-is-their-own.md).
--
-- Since migration 0022 the app's queries run as brokervault_app, under the policies of
-- properties: the agency's rows OR public active listings. Postgres uses a condition of the query
-- itself as an index condition only when its operator is leakproof, and the text match (@@,
-- ts_match_vq) is not. So the tagged index of migration 0020 was never used: a broker's search
-- read every public listing of every agency and rebuilt each one's tagged vector (0.5 s in a
-- database of 100,000 listings, timeouts at ten at once in one of a million).
--
-- These functions read the same indexes as their owner (row-level security does not apply to
-- a table's owner) and return ids only, bounded to the asking scope by bv_scope_agency(); the
-- list then fetches them by primary key (uuid equality is leakproof), under the policies as
-- before. A broker's or an agency's matches: the caller names which tag (the member's id, or the
-- agency's for the agency's stock) and nothing outside the scope's agency is ever returned.
CREATE FUNCTION public.scope_property_search(by_agency boolean, tag uuid, query tsquery) RETURNS SETOF uuid
  LANGUAGE sql STABLE STRICT SECURITY DEFINER ROWS 200
  SET search_path = pg_catalog, public
  AS $$
    SELECT p.id FROM public.properties p
    WHERE by_agency AND tag = public.bv_scope_agency()
      AND public.owner_search(p.agency_id, p.search) @@ public.owner_query(tag, query)
    UNION ALL
    SELECT p.id FROM public.properties p
    WHERE NOT by_agency AND p.agency_id = public.bv_scope_agency()
      AND public.owner_search(p.owner_id, p.search) @@ public.owner_query(tag, query)
  $$;--> statement-breakpoint
-- Public active listings (every agency's, as the public_listings policy shows them) matching a
-- query, on the partial index of migration 0020.
CREATE FUNCTION public.public_property_search(query tsquery) RETURNS SETOF uuid
  LANGUAGE sql STABLE STRICT SECURITY DEFINER ROWS 200
  SET search_path = pg_catalog, public
  AS $$
    SELECT p.id FROM public.properties p
    WHERE p.visibility = 'public' AND p.status = 'active' AND p.search @@ query
  $$;
--> statement-breakpoint
-- The same holds for every filter of the lists and counts: under row-level security a status,
-- stage or type (enum equality), a price range (numeric comparisons), a city prefix (LIKE), tags
-- (array containment) or a text match is an index condition only if its function is leakproof,
-- and these built-ins are not marked so (each could raise an error on some argument, which a
-- query could turn into a signal about a row it may not see). In this database only the app's own
-- statements run as the app role, and row-level security is there to catch a filter the code
-- forgets, not SQL written by an attacker; none of these functions can fail on a stored value. So
-- the migration marks them leakproof, which lets /home's capped counts read the
-- (owner_id, status) index instead of every row of the broker. Marking a function leakproof takes
-- a superuser: a migration role without it leaves them as they are (a notice says so), and the
-- pages stay correct, only slower at scale (docs/decisions/029-a-brokers-cost-is-their-own.md).
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION pg_catalog.enum_eq(anyenum, anyenum) LEAKPROOF;
    ALTER FUNCTION pg_catalog.enum_ne(anyenum, anyenum) LEAKPROOF;
    ALTER FUNCTION pg_catalog.numeric_eq(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION pg_catalog.numeric_ne(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION pg_catalog.numeric_lt(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION pg_catalog.numeric_le(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION pg_catalog.numeric_gt(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION pg_catalog.numeric_ge(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION pg_catalog.textlike(text, text) LEAKPROOF;
    ALTER FUNCTION pg_catalog.arraycontains(anyarray, anyarray) LEAKPROOF;
    ALTER FUNCTION pg_catalog.arrayoverlap(anyarray, anyarray) LEAKPROOF;
    ALTER FUNCTION pg_catalog.ts_match_vq(tsvector, tsquery) LEAKPROOF;
  ELSE
    RAISE NOTICE 'BrokerVault: not a superuser, so list filters under row-level security use no index for status, price, city prefix, tags or text (docs/decisions/029)';
  END IF;
END
$$;
