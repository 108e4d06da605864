ALTER TABLE "api_tokens" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "revoked_because" text;--> statement-breakpoint
-- A token revoked is now kept, marked, for its refusal to say so: marking it is told like deleting
-- it was (0036), so that the live streams opened with it end at once.
DROP TRIGGER "api_tokens_auth_changed" ON "api_tokens";--> statement-breakpoint
CREATE TRIGGER "api_tokens_auth_changed" AFTER UPDATE OF "id", "user_id", "token_hash", "expires_at", "scope", "revoked_at" OR DELETE ON "api_tokens"
  FOR EACH ROW EXECUTE FUNCTION "club_auth_changed"();
