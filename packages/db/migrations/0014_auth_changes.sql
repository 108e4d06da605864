-- Servers keep a member's session for a few seconds instead of reading it at every request. Every
-- change that ends a session or changes what it grants tells them at once, whoever makes it (the
-- server, the command line, an operator in psql): the payload is the member's id, and each server
-- forgets what it kept of her (AUTH_CHANGES_CHANNEL in src/notifications.ts). A notification is sent
-- when its transaction commits, never for one rolled back.
CREATE FUNCTION "club_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('club_auth', COALESCE(OLD."id", NEW."id")::text);
  ELSE
    PERFORM pg_notify('club_auth', COALESCE(OLD."user_id", NEW."user_id")::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Any change to a member: her type, admin right, password, name and e-mail travel with her session.
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "club_auth_changed"();
--> statement-breakpoint
-- A session ended (signed out, a password changed, expired, its member deleted) or changed.
CREATE TRIGGER "sessions_auth_changed" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "club_auth_changed"();
--> statement-breakpoint
-- Emptied at once (a restore, the tests' reset): every server forgets everything it kept.
CREATE FUNCTION "club_auth_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('club_auth', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_auth_emptied" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_auth_emptied"();
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_emptied" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_auth_emptied"();
