-- Agencies (docs/decisions/034-agencies-and-tenancy.md). Every account becomes an agency: the
-- existing broker is its owner, every row they own is the agency's, and nothing they see changes.
-- Tenant rows keep owner_id, which now means "the member it is assigned to"; agency_id says whose
-- data it is, and row-level security enforces that boundary for the app's role.
CREATE TABLE "agencies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"licence_number" text,
	"phone" text,
	"email" text,
	"website" text,
	-- Seats bought beyond the plan's (a quantity on the Stripe subscription).
	"extra_seats" integer DEFAULT 0 NOT NULL CHECK ("extra_seats" >= 0),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_members" (
	"agency_id" uuid NOT NULL REFERENCES "agencies"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"role" text NOT NULL CHECK ("role" IN ('owner', 'admin', 'agent')),
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("agency_id", "user_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "agency_members_one_owner_idx" ON "agency_members" ("agency_id") WHERE "role" = 'owner';
--> statement-breakpoint
CREATE INDEX "agency_members_user_idx" ON "agency_members" ("user_id", "joined_at");
--> statement-breakpoint
CREATE TABLE "agency_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL REFERENCES "agencies"("id") ON DELETE CASCADE,
	"email" text NOT NULL,
	"role" text NOT NULL CHECK ("role" IN ('admin', 'agent')),
	-- SHA-256 of the one-time token the mail carries; the token itself is never stored.
	"token_hash" text NOT NULL UNIQUE,
	"invited_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
-- One open invitation per address and agency.
CREATE UNIQUE INDEX "agency_invitations_open_idx" ON "agency_invitations" ("agency_id", lower("email")) WHERE "accepted_at" IS NULL AND "revoked_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL REFERENCES "agencies"("id") ON DELETE CASCADE,
	"actor_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"action" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text,
	"summary" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_agency_created_idx" ON "audit_log" ("agency_id", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" ("created_at");
--> statement-breakpoint
-- The agency a session works in (a member of several agencies switches between them).
ALTER TABLE "user_sessions" ADD COLUMN "agency_id" uuid REFERENCES "agencies"("id") ON DELETE SET NULL;
--> statement-breakpoint

-- The scope of the current transaction, set by the app with set_config(..., true) (transaction
-- local). Outside a scoped transaction both are null and the app's role sees no tenant row.
CREATE FUNCTION bv_scope_agency() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('app.agency_id', true), '')::uuid
$$;
--> statement-breakpoint
CREATE FUNCTION bv_scope_member() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('app.member_id', true), '')::uuid
$$;
--> statement-breakpoint

-- A broker's first agency: created with the account, so every user always has one (sign-up,
-- the demo, seeds and tests that insert users directly all get it the same way).
CREATE FUNCTION create_solo_agency() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  new_agency uuid;
BEGIN
  INSERT INTO agencies (name) VALUES ('') RETURNING id INTO new_agency;
  INSERT INTO agency_members (agency_id, user_id, role) VALUES (new_agency, NEW.id, 'owner');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_solo_agency AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION create_solo_agency();
--> statement-breakpoint
-- Existing accounts: an agency of one each, named as their profile's agency.
DO $$
DECLARE
  u record;
  new_agency uuid;
BEGIN
  FOR u IN SELECT users.id, coalesce(p.agency_name, '') AS agency_name, p.phone, p.licence_number
           FROM users LEFT JOIN profiles p ON p.id = users.id LOOP
    INSERT INTO agencies (name, phone, licence_number) VALUES (u.agency_name, u.phone, u.licence_number) RETURNING id INTO new_agency;
    INSERT INTO agency_members (agency_id, user_id, role) VALUES (new_agency, u.id, 'owner');
  END LOOP;
END
$$;
--> statement-breakpoint
UPDATE user_sessions s SET agency_id = m.agency_id FROM agency_members m WHERE m.user_id = s.user_id;
--> statement-breakpoint

-- A new tenant row belongs to the scope's agency; written outside a scope (jobs, seeds), to the
-- first agency of the member it is assigned to.
CREATE FUNCTION fill_row_agency() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF NEW.agency_id IS NULL THEN
    NEW.agency_id := coalesce(
      bv_scope_agency(),
      (SELECT m.agency_id FROM agency_members m WHERE m.user_id = NEW.owner_id ORDER BY m.joined_at, m.agency_id LIMIT 1)
    );
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['properties', 'property_photos', 'property_documents', 'activities', 'clients',
    'client_listing_items', 'shares', 'client_feedback', 'deals', 'comments', 'data_exports', 'imports',
    'portal_feeds', 'viewings', 'tasks', 'calendar_feeds', 'client_alerts', 'alert_matches'] LOOP
    EXECUTE format('ALTER TABLE %I ADD COLUMN agency_id uuid REFERENCES agencies(id) ON DELETE CASCADE', t);
    EXECUTE format('UPDATE %I x SET agency_id = m.agency_id FROM agency_members m WHERE m.user_id = x.owner_id', t);
    EXECUTE format('ALTER TABLE %I ALTER COLUMN agency_id SET NOT NULL', t);
    EXECUTE format('ALTER TABLE %I ALTER COLUMN agency_id SET DEFAULT bv_scope_agency()', t);
    EXECUTE format('CREATE TRIGGER %I BEFORE INSERT ON %I FOR EACH ROW EXECUTE FUNCTION fill_row_agency()', t || '_agency_fill', t);
    EXECUTE format('CREATE INDEX %I ON %I (agency_id)', t || '_agency_idx', t);
    -- The boundary: the app's role sees and writes only its scope's agency.
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY agency_rows ON %I USING (agency_id = bv_scope_agency()) WITH CHECK (agency_id = bv_scope_agency())', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- The agency's own stock, newest first: an agent's and an admin's /properties.
CREATE INDEX "properties_agency_created_idx" ON "properties" ("agency_id", "created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST);
--> statement-breakpoint
-- The agency's search, tagged with the agency as a broker's is with the broker (migration 0020).
CREATE INDEX "properties_agency_search_idx" ON "properties" USING gin (owner_search("agency_id", "search"));
--> statement-breakpoint
CREATE INDEX "clients_agency_updated_idx" ON "clients" ("agency_id", "updated_at" DESC NULLS FIRST);
--> statement-breakpoint

-- Public listings are every broker's to read (/public-properties): an active, public property,
-- its photos and its broker's name, whatever the agency. Read only: writes stay in the agency.
CREATE POLICY public_listings ON properties FOR SELECT USING (visibility = 'public' AND status = 'active');
--> statement-breakpoint
CREATE POLICY public_listings ON property_photos FOR SELECT USING (
  EXISTS (SELECT 1 FROM properties p WHERE p.id = property_id AND p.visibility = 'public' AND p.status = 'active'));
--> statement-breakpoint
CREATE POLICY public_listings ON property_documents FOR SELECT USING (
  EXISTS (SELECT 1 FROM properties p WHERE p.id = property_id AND p.visibility = 'public' AND p.status = 'active'));
--> statement-breakpoint

-- Rows of other tables, by what they hang on.
ALTER TABLE share_views ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_rows ON share_views USING (EXISTS (SELECT 1 FROM shares s WHERE s.id = share_id));
--> statement-breakpoint
ALTER TABLE share_content_versions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_rows ON share_content_versions USING (
  EXISTS (SELECT 1 FROM agency_members m WHERE m.user_id = owner_id AND m.agency_id = bv_scope_agency()));
--> statement-breakpoint
ALTER TABLE agencies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- A member also sees the other agencies they belong to (the switcher), and their own memberships.
CREATE POLICY agency_rows ON agencies USING (
  id = bv_scope_agency() OR EXISTS (SELECT 1 FROM agency_members m WHERE m.agency_id = agencies.id AND m.user_id = bv_scope_member()))
  WITH CHECK (id = bv_scope_agency());
--> statement-breakpoint
ALTER TABLE agency_members ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_rows ON agency_members USING (agency_id = bv_scope_agency() OR user_id = bv_scope_member())
  WITH CHECK (agency_id = bv_scope_agency());
--> statement-breakpoint
ALTER TABLE agency_invitations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_rows ON agency_invitations USING (agency_id = bv_scope_agency());
--> statement-breakpoint
ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_rows ON audit_log USING (agency_id = bv_scope_agency());
--> statement-breakpoint
-- People: a member sees the agency's people; personal secrets only their own.
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_people ON users USING (
  id = bv_scope_member() OR EXISTS (SELECT 1 FROM agency_members m WHERE m.user_id = users.id AND m.agency_id = bv_scope_agency()));
--> statement-breakpoint
ALTER TABLE profiles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_people ON profiles USING (
  id = bv_scope_member() OR EXISTS (SELECT 1 FROM agency_members m WHERE m.user_id = profiles.id AND m.agency_id = bv_scope_agency()))
  WITH CHECK (id = bv_scope_member());
--> statement-breakpoint
CREATE POLICY public_listing_brokers ON users FOR SELECT USING (
  EXISTS (SELECT 1 FROM properties p WHERE p.owner_id = users.id AND p.visibility = 'public' AND p.status = 'active'));
--> statement-breakpoint
CREATE POLICY public_listing_brokers ON profiles FOR SELECT USING (
  EXISTS (SELECT 1 FROM properties p WHERE p.owner_id = profiles.id AND p.visibility = 'public' AND p.status = 'active'));
--> statement-breakpoint
ALTER TABLE user_subscriptions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_people ON user_subscriptions USING (
  user_id = bv_scope_member() OR EXISTS (SELECT 1 FROM agency_members m WHERE m.user_id = user_subscriptions.user_id AND m.agency_id = bv_scope_agency()));
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['user_sessions', 'password_reset_tokens', 'two_factor_secrets', 'two_factor_recovery_codes', 'two_factor_challenges'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY own_rows ON %I USING (user_id = bv_scope_member())', t);
  END LOOP;
END
$$;
--> statement-breakpoint

-- Plan limits count the agency's properties, against the subscription of the agency's owner.
CREATE OR REPLACE FUNCTION get_agency_property_count(p_agency_id uuid) RETURNS integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT count(*)::integer FROM properties WHERE agency_id = p_agency_id
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION enforce_property_limit() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v_plan subscription_plan;
  v_trial_end timestamptz;
  v_status text;
  v_past_due_since timestamptz;
BEGIN
  SELECT s.plan, s.trial_end_date, s.status, s.past_due_since INTO v_plan, v_trial_end, v_status, v_past_due_since
  FROM agency_members m JOIN user_subscriptions s ON s.user_id = m.user_id
  WHERE m.agency_id = NEW.agency_id AND m.role = 'owner'
  FOR UPDATE OF s;
  IF v_plan IS NULL
     OR NOT subscription_is_usable(v_plan, v_trial_end, v_status, v_past_due_since)
     OR get_agency_property_count(NEW.agency_id) >= plan_property_limit(v_plan) THEN
    RAISE EXCEPTION 'property_limit_reached' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Seats: each plan includes some, more are bought; pending invitations hold a seat too.
CREATE FUNCTION plan_seats(p_plan subscription_plan) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_plan WHEN 'free_trial' THEN 2 WHEN 'starter' THEN 1 WHEN 'advanced' THEN 3 WHEN 'professional' THEN 10 END
$$;
--> statement-breakpoint
CREATE FUNCTION agency_seat_limit(p_agency_id uuid) RETURNS integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT coalesce(plan_seats(s.plan), 1) + a.extra_seats
  FROM agencies a
  LEFT JOIN agency_members m ON m.agency_id = a.id AND m.role = 'owner'
  LEFT JOIN user_subscriptions s ON s.user_id = m.user_id
  WHERE a.id = p_agency_id
$$;
--> statement-breakpoint
CREATE FUNCTION agency_seats_taken(p_agency_id uuid) RETURNS integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT (SELECT count(*) FROM agency_members WHERE agency_id = p_agency_id)::integer
       + (SELECT count(*) FROM agency_invitations WHERE agency_id = p_agency_id
            AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now())::integer
$$;
--> statement-breakpoint
-- A new invitation needs a free seat. The agency row is locked first, so concurrent invitations
-- take turns and never overshoot. (Accepting turns a held seat into a member: no new seat.)
CREATE FUNCTION enforce_seat_limit() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM 1 FROM agencies WHERE id = NEW.agency_id FOR UPDATE;
  IF agency_seats_taken(NEW.agency_id) >= agency_seat_limit(NEW.agency_id) THEN
    RAISE EXCEPTION 'seat_limit_reached' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER agency_invitations_seat_limit BEFORE INSERT ON agency_invitations FOR EACH ROW EXECUTE FUNCTION enforce_seat_limit();
--> statement-breakpoint

-- The triggers that keep share pages fresh write rows of every agency they touch: they run as
-- their owner, not as the app's role.
ALTER FUNCTION bump_share_content_version() SECURITY DEFINER;
--> statement-breakpoint
ALTER FUNCTION bump_share_content_version() SET search_path = public;
--> statement-breakpoint

-- The app's role: no superuser, no BYPASSRLS, owns nothing. Every signed-in request's transaction
-- runs as it (db/scoped-connection.server.ts), so a query that forgets its filter still stays in its agency.
-- Roles belong to the whole server: created once (a migration role without CREATEROLE finds it
-- there; the first database on a server needs a role that may create it).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'brokervault_app') THEN
    CREATE ROLE brokervault_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT brokervault_app TO %I', current_user);
EXCEPTION WHEN OTHERS THEN
  -- A superuser needs no grant to take a role; a self-grant may be refused there.
  NULL;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO brokervault_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO brokervault_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO brokervault_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO brokervault_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO brokervault_app;
