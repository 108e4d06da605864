CREATE TABLE "deleted_rows" (
	"kind" text NOT NULL,
	"id" uuid NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "deleted_rows_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "updated_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL;--> statement-breakpoint
CREATE INDEX "deleted_rows_kind_at_idx" ON "deleted_rows" USING btree ("kind","deleted_at","id");--> statement-breakpoint
CREATE INDEX "users_updated_idx" ON "users" USING btree ("updated_at","id");--> statement-breakpoint
-- The times a sync pages by are kept to the millisecond, as its answers (JSON) carry them: a page's
-- last time sent back as it was told must name that row's time exactly, or the next page would
-- start at the same row again (a database time finer than the answer's is after it).
-- Members who were here before: last changed when they joined, as far as anyone can tell.
UPDATE "users" SET "updated_at" = date_trunc('milliseconds', "created_at");--> statement-breakpoint
-- What the members' list shows of her moves `updated_at`; her visits, settings and password do not
-- (a sync asking what changed would otherwise get every member who opened her home).
CREATE FUNCTION "club_member_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."updated_at" := date_trunc('milliseconds', now());
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_updated_at" BEFORE UPDATE OF "name", "email", "type", "admin", "testing_team" ON "users"
  FOR EACH ROW
  WHEN ((OLD."name", OLD."email", OLD."type", OLD."admin", OLD."testing_team")
    IS DISTINCT FROM (NEW."name", NEW."email", NEW."type", NEW."admin", NEW."testing_team"))
  EXECUTE FUNCTION "club_member_updated_at"();--> statement-breakpoint
-- Every way a member's row goes (an admin's delete, her own, the command line) is told to syncs.
CREATE FUNCTION "club_member_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "deleted_rows" ("kind", "id") VALUES ('member', OLD."id")
    ON CONFLICT ("kind", "id") DO UPDATE SET "deleted_at" = date_trunc('milliseconds', now());
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_deleted" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "club_member_deleted"();
