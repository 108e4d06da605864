ALTER TABLE "homes" ADD COLUMN "feed_token_hash" text;--> statement-breakpoint
ALTER TABLE "homes" ADD CONSTRAINT "homes_feed_token_hash_unique" UNIQUE("feed_token_hash");