-- Plan limits live in the database (seed section 7), so concurrent creates can never exceed them.

CREATE OR REPLACE FUNCTION plan_property_limit(p_plan subscription_plan) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_plan
    WHEN 'free_trial' THEN 5
    WHEN 'starter' THEN 25
    WHEN 'advanced' THEN 100
    WHEN 'professional' THEN 250
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION get_user_property_count(p_user_id uuid) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT count(*)::integer FROM properties WHERE owner_id = p_user_id
$$;
--> statement-breakpoint
-- True while the broker's plan has room and the subscription is usable (a paid plan or a
-- running trial). No subscription row: false.
CREATE OR REPLACE FUNCTION can_add_property(p_user_id uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT get_user_property_count(p_user_id) < plan_property_limit(s.plan)
      AND (s.plan <> 'free_trial' OR (s.trial_end_date IS NOT NULL AND s.trial_end_date >= now()))
    FROM user_subscriptions s
    WHERE s.user_id = p_user_id
  ), false)
$$;
--> statement-breakpoint
-- Locks the broker's subscription row, so concurrent inserts for one broker run one after the
-- other and each sees the rows committed before it; then refuses the insert at the limit.
CREATE OR REPLACE FUNCTION enforce_property_limit() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_plan subscription_plan;
  v_trial_end timestamptz;
BEGIN
  SELECT plan, trial_end_date INTO v_plan, v_trial_end
  FROM user_subscriptions WHERE user_id = NEW.owner_id FOR UPDATE;
  IF v_plan IS NULL
     OR (v_plan = 'free_trial' AND (v_trial_end IS NULL OR v_trial_end < now()))
     OR get_user_property_count(NEW.owner_id) >= plan_property_limit(v_plan) THEN
    RAISE EXCEPTION 'property_limit_reached' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER properties_enforce_plan_limit
BEFORE INSERT ON properties
FOR EACH ROW EXECUTE FUNCTION enforce_property_limit();
