-- The host of an event is among those going (seated when it is published, from now on in the
-- code). Her upcoming events are seated here once, where a seat is free: an event already full
-- keeps its guests as they are, and past events keep the list they had.
INSERT INTO "event_participants" ("event_id", "user_id", "joined_at")
SELECT e."id", e."created_by", coalesce(e."published_at", e."created_at")
FROM "events" e
WHERE e."created_by" IS NOT NULL
  AND e."published_at" IS NOT NULL
  AND coalesce(e."end_date", e."event_date") >= current_date
  AND (
    e."capacity" IS NULL
    OR e."capacity" > (
      SELECT coalesce(sum(1 + p."guests"), 0) FROM "event_participants" p WHERE p."event_id" = e."id"
    )
  )
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- An event's page shows its host's portrait, so an answer kept from it is forgotten when her
-- portrait changes (the club_data_changed function of migration 0015).
CREATE TRIGGER "profiles_data_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "user_id", "portrait_prefix", "portrait_placeholder" ON "profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_data_changed"();
