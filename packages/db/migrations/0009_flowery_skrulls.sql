ALTER TABLE "media" ADD COLUMN "medium_key" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "placeholder" text;