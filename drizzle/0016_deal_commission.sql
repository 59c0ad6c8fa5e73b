ALTER TABLE "deals" ADD COLUMN "commission_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "co_broker_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_commission_one_form" CHECK ("deals"."commission" is null or "deals"."commission_percent" is null);--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_commission_percent_range" CHECK ("deals"."commission_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_co_broker_percent_range" CHECK ("deals"."co_broker_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_commission_not_negative" CHECK ("deals"."commission" >= 0);