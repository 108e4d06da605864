-- A member's home (`home.get`) is kept by the servers like the lists (packages/api's KEPT_ANSWERS),
-- for her alone. It reads tables no kept answer read before: they now tell of their changes (the
-- club_data_changed function of migration 0015). The club's news are its group mails; her next
-- stay is in a member's home.
CREATE TRIGGER "group_mails_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "group_mails"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "stays_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stays"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "homes_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "homes"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_data_changed"();
--> statement-breakpoint
-- Her first steps say whether she has named her talents.
DROP TRIGGER "profiles_data_changed" ON "profiles";
--> statement-breakpoint
CREATE TRIGGER "profiles_data_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "user_id", "portrait_prefix", "portrait_placeholder", "talents" ON "profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_data_changed"();
--> statement-breakpoint
-- Her home says what is new since her last visit, and every visit moves that moment. Told of the
-- whole `users` table, it would forget every kept answer that names a member at every visit of
-- anyone's home (what migration 0029 avoided): it is told by the member, `home_seen:<member id>`,
-- which her home alone is made of.
CREATE FUNCTION "club_home_seen_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('club_data', 'home_seen:' || NEW."id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_home_seen_changed" AFTER UPDATE OF "home_seen_at" ON "users"
  FOR EACH ROW WHEN (OLD."home_seen_at" IS DISTINCT FROM NEW."home_seen_at")
  EXECUTE FUNCTION "club_home_seen_changed"();
