CREATE TYPE "public"."video_processing" AS ENUM('processing', 'failed');--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "playback_key" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "processing" "video_processing";--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "processing_error" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "height" integer;