ALTER TABLE "webhook_endpoints" ADD COLUMN "failed_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "first_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "paused_because" text;--> statement-breakpoint
-- Endpoints paused before the club paused any itself were paused by an admin.
UPDATE "webhook_endpoints" SET "paused_because" = 'admin' WHERE "paused_at" IS NOT NULL;
