-- Servers keep the answers of the lists and reads members ask for most (the events, one event, the
-- gallery, comments) for a few seconds. Every change to what those answers are made of tells them
-- at once, whoever makes it (the server, the command line, an operator in psql): the payload is the
-- table's name, and each server forgets every answer it kept (DATA_CHANGES_CHANNEL in
-- src/notifications.ts). One notification per statement, not per row: a statement that changes a
-- thousand rows tells once, and Postgres folds the same notification sent twice in one transaction.
-- A notification is sent when its transaction commits, never for one rolled back.
CREATE FUNCTION "club_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('club_data', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "events_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "events"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "event_participants_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_participants"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "event_waitlist_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_waitlist"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_data_changed"();
--> statement-breakpoint
-- Who is invited decides who sees an invite-only event.
CREATE TRIGGER "event_invitations_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_invitations"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "cancelled_events_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cancelled_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "media_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "media"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "media_tags_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "media_tags"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "comments_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "comments"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "comment_likes_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "comment_likes"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_data_changed"();
--> statement-breakpoint
-- Names and types appear in the answers (creators, authors, uploaders), and a member's rights or
-- her deletion change what she and others see.
CREATE TRIGGER "users_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_data_changed"();
