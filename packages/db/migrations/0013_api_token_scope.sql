CREATE TYPE "public"."api_token_scope" AS ENUM('read', 'seed', 'admin');--> statement-breakpoint
-- Tokens made before scopes existed could do all their owner may do: they become `admin`. The
-- default serves only those rows; a new token always names its scope.
ALTER TABLE "api_tokens" ADD COLUMN "scope" "api_token_scope" DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ALTER COLUMN "scope" DROP DEFAULT;
