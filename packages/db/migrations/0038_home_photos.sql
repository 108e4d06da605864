ALTER TABLE "media" ADD COLUMN "home_id" uuid;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_home_idx" ON "media" USING btree ("home_id","upload_date") WHERE "media"."home_id" is not null;