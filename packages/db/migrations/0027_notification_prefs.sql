CREATE TABLE "notification_prefs" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"in_app_off" text[] DEFAULT '{}'::text[] NOT NULL,
	"email_off" text[] DEFAULT '{}'::text[] NOT NULL,
	"digest" text DEFAULT 'off' NOT NULL,
	"digest_sent_at" timestamp with time zone,
	CONSTRAINT "notification_prefs_digest" CHECK ("notification_prefs"."digest" in ('off', 'daily', 'weekly'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_prefs" ADD CONSTRAINT "notification_prefs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_prefs_digest_idx" ON "notification_prefs" USING btree ("digest","digest_sent_at");