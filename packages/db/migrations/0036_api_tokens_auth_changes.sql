-- An API token revoked (by its member in Settings, by `club token revoke`, with a password change,
-- with its member, or when housekeeping removes an expired one) is told like a session that ended
-- (0014_auth_changes): the payload is its member's id, so the live streams opened with it check it
-- at once and end, instead of at their next check up to 25 seconds later. Its last-used time moves
-- as it is used; that changes nothing it grants and is not told.
CREATE TRIGGER "api_tokens_auth_changed" AFTER UPDATE OF "id", "user_id", "token_hash", "expires_at", "scope" OR DELETE ON "api_tokens"
  FOR EACH ROW EXECUTE FUNCTION "club_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "api_tokens_auth_emptied" AFTER TRUNCATE ON "api_tokens"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_auth_emptied"();
