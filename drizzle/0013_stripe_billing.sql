CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "past_due_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "provider_state_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "user_subscriptions_provider_customer_id_idx" ON "user_subscriptions" USING btree ("provider_customer_id");--> statement-breakpoint
-- A provider subscription that is canceled, unpaid (or otherwise not live), or past_due for more
-- than the 7-day grace, adds nothing, like an expired trial; the rows already there stay.
CREATE OR REPLACE FUNCTION subscription_is_usable(p_plan subscription_plan, p_trial_end timestamptz, p_status text, p_past_due_since timestamptz) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT (p_plan <> 'free_trial' OR (p_trial_end IS NOT NULL AND p_trial_end >= now()))
    AND (p_status IS NULL OR p_status IN ('active', 'trialing')
      OR (p_status = 'past_due' AND p_past_due_since IS NOT NULL AND p_past_due_since + interval '7 days' >= now()))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION can_add_property(p_user_id uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT get_user_property_count(p_user_id) < plan_property_limit(s.plan)
      AND subscription_is_usable(s.plan, s.trial_end_date, s.status, s.past_due_since)
    FROM user_subscriptions s
    WHERE s.user_id = p_user_id
  ), false)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION enforce_property_limit() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_plan subscription_plan;
  v_trial_end timestamptz;
  v_status text;
  v_past_due_since timestamptz;
BEGIN
  SELECT plan, trial_end_date, status, past_due_since INTO v_plan, v_trial_end, v_status, v_past_due_since
  FROM user_subscriptions WHERE user_id = NEW.owner_id FOR UPDATE;
  IF v_plan IS NULL
     OR NOT subscription_is_usable(v_plan, v_trial_end, v_status, v_past_due_since)
     OR get_user_property_count(NEW.owner_id) >= plan_property_limit(v_plan) THEN
    RAISE EXCEPTION 'property_limit_reached' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$;
