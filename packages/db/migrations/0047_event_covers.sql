ALTER TABLE "events" ADD COLUMN "cover_media_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_cover_media_id_media_id_fk" FOREIGN KEY ("cover_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_cover_idx" ON "events" USING btree ("cover_media_id") WHERE "events"."cover_media_id" is not null;--> statement-breakpoint
-- A cover is shown to everyone who sees its event, so it must be a photo each of them may see: one
-- every member may see (not in a home, not in an invite-only or unpublished event, not left to its
-- uploader alone), or one of the event's own. The code checks this when a cover is chosen
-- (domain/events/cover.ts); these keep it true afterwards.
CREATE FUNCTION "event_cover_fits"("photo" "media", "event_id" uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT photo."status" = 'ready' AND photo."media_type" = 'image' AND photo."display_key" IS NOT NULL
    AND photo."home_id" IS NULL
    AND (
      photo."associated_event_id" = event_id
      OR (photo."associated_event_id" IS NULL AND NOT photo."uploader_only")
      OR EXISTS (
        SELECT 1 FROM "events" e
        WHERE e."id" = photo."associated_event_id" AND e."exclusivity" = 'open' AND e."published_at" IS NOT NULL
      )
    )
$$;
--> statement-breakpoint
-- The cover's addresses go with it (its photo deleted: the foreign key sets it null).
CREATE FUNCTION "event_cover_cleared"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."cover_media_id" IS NULL AND OLD."cover_media_id" IS NOT NULL THEN
    NEW."image_url" := NULL;
    NEW."banner_image" := NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "events_cover_cleared" BEFORE UPDATE OF "cover_media_id" ON "events"
  FOR EACH ROW EXECUTE FUNCTION "event_cover_cleared"();
--> statement-breakpoint
-- A photo moved into an invite-only event, left to its uploader, or otherwise hidden stops being
-- the cover of the events whose guests could no longer see it.
CREATE FUNCTION "media_cover_check"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "events" SET "cover_media_id" = NULL
  WHERE "cover_media_id" = NEW."id" AND NOT "event_cover_fits"(NEW, "events"."id");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "media_cover_check" AFTER UPDATE OF "status", "home_id", "associated_event_id", "uploader_only" ON "media"
  FOR EACH ROW EXECUTE FUNCTION "media_cover_check"();
--> statement-breakpoint
-- An event made invite-only (or unpublished) hides its photos from the guests of other events that
-- use one of them as a cover: those events lose it.
CREATE FUNCTION "event_photos_hidden"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "events" o SET "cover_media_id" = NULL
  FROM "media" m
  WHERE m."associated_event_id" = NEW."id" AND o."cover_media_id" = m."id" AND o."id" <> NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "event_photos_hidden" AFTER UPDATE OF "exclusivity", "published_at" ON "events"
  FOR EACH ROW WHEN (NEW."exclusivity" <> 'open' OR NEW."published_at" IS NULL) EXECUTE FUNCTION "event_photos_hidden"();
