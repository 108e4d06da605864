ALTER TABLE "events" ADD COLUMN "published_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
-- Every event that exists was published when it was created.
UPDATE "events" SET "published_at" = "created_at";
