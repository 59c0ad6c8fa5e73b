ALTER TABLE "profiles" ADD COLUMN "avatar_id" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_avatar_id_unique" UNIQUE("avatar_id");