CREATE TYPE "public"."media_status" AS ENUM('pending', 'ready');--> statement-breakpoint
DROP INDEX "media_upload_date_idx";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "body_purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "object_prefix" text;--> statement-breakpoint
UPDATE "media" SET "object_prefix" = regexp_replace("storage_key", '/[^/]*$', '');--> statement-breakpoint
ALTER TABLE "media" ALTER COLUMN "object_prefix" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "status" "media_status" DEFAULT 'ready' NOT NULL;--> statement-breakpoint
CREATE INDEX "event_invitations_invitee_event_idx" ON "event_invitations" USING btree ("invitee_id","event_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_purge_idx" ON "mail_outbox" USING btree ("sent_at") WHERE "mail_outbox"."body_purged_at" is null;--> statement-breakpoint
CREATE INDEX "media_upload_date_id_idx" ON "media" USING btree ("upload_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_object_prefix_unique" ON "media" USING btree ("object_prefix");--> statement-breakpoint
CREATE INDEX "media_tags_idx" ON "media" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "media_pending_idx" ON "media" USING btree ("upload_date") WHERE "media"."status" = 'pending';