-- A change to comments or their likes tells the servers whose comments changed, not only that some
-- did: `comments:<item id>` or `comment_likes:<item id>` on `club_data`, the item being the event or
-- media item commented on. A server then forgets the kept comments of that item alone (its answers
-- that read any comment, if ever one does not say which item it reads, are forgotten too). Told per
-- row, which Postgres folds when the same notification is sent twice in one transaction; an update
-- tells of the item before and after. A like whose comment is already gone (deleted in the same
-- statement, its likes going with it) tells of the whole table, as TRUNCATE does (per statement).
CREATE FUNCTION "club_comment_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('club_data', 'comments:' || OLD."commentable_id");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('club_data', 'comments:' || NEW."commentable_id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "club_comment_like_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item uuid;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT c."commentable_id" INTO item FROM "comments" c WHERE c."id" = OLD."comment_id";
    PERFORM pg_notify('club_data', coalesce('comment_likes:' || item, 'comment_likes'));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT c."commentable_id" INTO item FROM "comments" c WHERE c."id" = NEW."comment_id";
    PERFORM pg_notify('club_data', coalesce('comment_likes:' || item, 'comment_likes'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "comments_data_changed" ON "comments";
--> statement-breakpoint
CREATE TRIGGER "comments_data_changed" AFTER TRUNCATE ON "comments"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "comments_rows_changed" AFTER INSERT OR UPDATE OR DELETE ON "comments"
  FOR EACH ROW EXECUTE FUNCTION "club_comment_rows_changed"();
--> statement-breakpoint
DROP TRIGGER "comment_likes_data_changed" ON "comment_likes";
--> statement-breakpoint
CREATE TRIGGER "comment_likes_data_changed" AFTER TRUNCATE ON "comment_likes"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "comment_likes_rows_changed" AFTER INSERT OR UPDATE OR DELETE ON "comment_likes"
  FOR EACH ROW EXECUTE FUNCTION "club_comment_like_rows_changed"();
--> statement-breakpoint
-- Seats, waitlist places and invitations tell of the member whose row changed
-- (`event_participants:<member id>`…): they make up her sight (the invite-only events her rows show
-- her), which a server keeps per member, and an RSVP then forgets hers alone. Answers that count
-- seats are forgotten by any member's, as before. An invitation to no member yet tells of the
-- whole table; TRUNCATE does too (per statement).
CREATE FUNCTION "club_member_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member text;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    member := to_jsonb(OLD) ->> TG_ARGV[0];
    PERFORM pg_notify('club_data', coalesce(TG_TABLE_NAME || ':' || member, TG_TABLE_NAME));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    member := to_jsonb(NEW) ->> TG_ARGV[0];
    PERFORM pg_notify('club_data', coalesce(TG_TABLE_NAME || ':' || member, TG_TABLE_NAME));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "event_participants_data_changed" ON "event_participants";
--> statement-breakpoint
CREATE TRIGGER "event_participants_data_changed" AFTER TRUNCATE ON "event_participants"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "event_participants_rows_changed" AFTER INSERT OR UPDATE OR DELETE ON "event_participants"
  FOR EACH ROW EXECUTE FUNCTION "club_member_rows_changed"('user_id');
--> statement-breakpoint
DROP TRIGGER "event_waitlist_data_changed" ON "event_waitlist";
--> statement-breakpoint
CREATE TRIGGER "event_waitlist_data_changed" AFTER TRUNCATE ON "event_waitlist"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "event_waitlist_rows_changed" AFTER INSERT OR UPDATE OR DELETE ON "event_waitlist"
  FOR EACH ROW EXECUTE FUNCTION "club_member_rows_changed"('user_id');
--> statement-breakpoint
DROP TRIGGER "event_invitations_data_changed" ON "event_invitations";
--> statement-breakpoint
CREATE TRIGGER "event_invitations_data_changed" AFTER TRUNCATE ON "event_invitations"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "event_invitations_rows_changed" AFTER INSERT OR UPDATE OR DELETE ON "event_invitations"
  FOR EACH ROW EXECUTE FUNCTION "club_member_rows_changed"('invitee_id');
