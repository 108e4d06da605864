-- A like on a photo or video changes what its open page shows (its count): the item's id on
-- `club_comments`, the stream its page already holds for its comments (migration 0026).
CREATE FUNCTION "club_media_like_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('club_comments', coalesce(NEW."media_id", OLD."media_id")::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "media_likes_live" AFTER INSERT OR DELETE ON "media_likes"
  FOR EACH ROW EXECUTE FUNCTION "club_media_like_changed"();
