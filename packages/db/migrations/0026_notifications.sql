CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"event_id" uuid,
	"media_id" uuid,
	"actor_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_unique" ON "notifications" USING btree ("user_id","kind","subject_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_user_updated_idx" ON "notifications" USING btree ("user_id","updated_at","id");--> statement-breakpoint
-- Every server pushes a member's new count to her open pages: the member's id on `club_notify`.
CREATE FUNCTION "club_notification_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('club_notify', coalesce(NEW."user_id", OLD."user_id")::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "notifications_changed" AFTER INSERT OR UPDATE OR DELETE ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION "club_notification_changed"();
--> statement-breakpoint
-- Comments are live on the page that shows them: the commented item's id on `club_comments`.
CREATE FUNCTION "club_comment_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('club_comments', coalesce(NEW."commentable_id", OLD."commentable_id")::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "comments_live" AFTER INSERT OR UPDATE OR DELETE ON "comments"
  FOR EACH ROW EXECUTE FUNCTION "club_comment_changed"();
--> statement-breakpoint
-- A like changes what the item's comments show (their counts): the item's id on `club_comments` too.
CREATE FUNCTION "club_comment_like_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('club_comments', c."commentable_id"::text)
  FROM "comments" c WHERE c."id" = coalesce(NEW."comment_id", OLD."comment_id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "comment_likes_live" AFTER INSERT OR DELETE ON "comment_likes"
  FOR EACH ROW EXECUTE FUNCTION "club_comment_like_changed"();
