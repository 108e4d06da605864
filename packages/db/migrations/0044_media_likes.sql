CREATE TABLE "media_likes" (
	"media_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_likes_media_id_user_id_pk" PRIMARY KEY("media_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "media_likes" ADD CONSTRAINT "media_likes_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_likes" ADD CONSTRAINT "media_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_likes_user_idx" ON "media_likes" USING btree ("user_id");--> statement-breakpoint
-- A like on a photo or video changes the answers that count them (the gallery, an item): kept
-- answers made from media_likes are forgotten, as for comment_likes.
CREATE TRIGGER "media_likes_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "media_likes"
  FOR EACH STATEMENT EXECUTE FUNCTION "club_data_changed"();
