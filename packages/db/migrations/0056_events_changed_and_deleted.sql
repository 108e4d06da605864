-- A sync asks the events list what changed since a moment (`updated_since`, admins), and which
-- events went (GET /api/events/deleted), as it asks of the members (migration 0054). Times to the
-- millisecond, as answers carry them; the events that were here keep their last change so cut.
UPDATE "events" SET "updated_at" = date_trunc('milliseconds', "updated_at");--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "updated_at" SET DEFAULT date_trunc('milliseconds', now());--> statement-breakpoint
CREATE INDEX "events_updated_idx" ON "events" USING btree ("updated_at","id");--> statement-breakpoint
-- Any change to an event's row moves its `updated_at`, whichever code makes it (an edit, a cover
-- that goes with its photo, a publication): what a list's card shows is the row. Its seats are
-- not in it, and a sync that mirrors them asks the event.
CREATE FUNCTION "club_event_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at') THEN
    NEW."updated_at" := date_trunc('milliseconds', now());
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "events_updated_at" BEFORE UPDATE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "club_event_updated_at"();--> statement-breakpoint
-- Every way an event goes (its host's delete, an admin's, the command line) is told to syncs.
CREATE FUNCTION "club_event_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "deleted_rows" ("kind", "id") VALUES ('event', OLD."id")
    ON CONFLICT ("kind", "id") DO UPDATE SET "deleted_at" = date_trunc('milliseconds', now());
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "events_deleted" AFTER DELETE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "club_event_deleted"();
