DROP INDEX "clients_owner_created_idx";--> statement-breakpoint
DROP INDEX "activities_owner_created_idx";--> statement-breakpoint
DROP INDEX "activities_property_idx";--> statement-breakpoint
DROP INDEX "activities_client_idx";--> statement-breakpoint
DROP INDEX "properties_owner_created_idx";--> statement-breakpoint
DROP INDEX "properties_public_idx";--> statement-breakpoint
DROP INDEX "client_feedback_client_idx";--> statement-breakpoint
CREATE INDEX "clients_owner_updated_idx" ON "clients" USING btree ("owner_id","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activities_owner_created_idx" ON "activities" USING btree ("owner_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activities_property_idx" ON "activities" USING btree ("property_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activities_client_idx" ON "activities" USING btree ("client_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "properties_owner_created_idx" ON "properties" USING btree ("owner_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "properties_public_idx" ON "properties" USING btree ("visibility","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "client_feedback_client_idx" ON "client_feedback" USING btree ("client_id","created_at" DESC NULLS FIRST);