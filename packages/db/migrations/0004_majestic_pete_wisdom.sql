-- Tags under the "C" collation, so that `tag like 'prefix%'` is a range on the primary key.
CREATE TABLE "media_tags" (
	"tag" text COLLATE "C" PRIMARY KEY NOT NULL
);
--> statement-breakpoint
INSERT INTO "media_tags" ("tag") SELECT DISTINCT unnest("tags") FROM "media" ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "media_tags_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "media_tags" ("tag") SELECT DISTINCT unnest(NEW."tags") ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "media_tags_record" AFTER INSERT OR UPDATE OF "tags" ON "media"
  FOR EACH ROW EXECUTE FUNCTION "media_tags_record"();
