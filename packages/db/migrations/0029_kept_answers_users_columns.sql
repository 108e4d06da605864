-- Kept answers show members' names and depend on who a member is (her type, her admin right), not
-- on her mail choices or when she last opened her home page, which change far more often (every
-- visit to /member-home). So a change to `users` tells the servers only when a column the answers
-- are made of is in the statement's SET list, or a member is added or removed. A column an answer
-- comes to read must be added here (the kept-answers test in packages/api checks that the columns
-- its SQL names are in this list).
DROP TRIGGER "users_data_changed" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_data_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "id", "name", "type", "admin" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_data_changed"();
