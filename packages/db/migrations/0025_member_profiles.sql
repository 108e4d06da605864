CREATE TABLE "profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"talents" text[] DEFAULT '{}'::text[] NOT NULL,
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"show_email" boolean DEFAULT false NOT NULL,
	"portrait_prefix" text,
	"portrait_placeholder" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "showcase_items" (
	"user_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "showcase_items_user_id_media_id_pk" PRIMARY KEY("user_id","media_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showcase_items" ADD CONSTRAINT "showcase_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showcase_items" ADD CONSTRAINT "showcase_items_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_talents_idx" ON "profiles" USING gin ("talents");--> statement-breakpoint
CREATE INDEX "showcase_items_user_position_idx" ON "showcase_items" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "media_uploader_date_idx" ON "media" USING btree ("uploaded_by","upload_date","id");--> statement-breakpoint
-- Each member's interests start from those of her accepted application (the latest, by e-mail).
INSERT INTO "profiles" ("user_id", "interests")
SELECT DISTINCT ON (u."id") u."id", a."interests"
FROM "users" u JOIN "applications" a ON lower(a."email") = u."email" AND a."accepted" = true
ORDER BY u."id", a."created_at" DESC;
