CREATE TABLE "group_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"recipient_group" text NOT NULL,
	"recipients" integer NOT NULL,
	"sent_by" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_mails" ADD CONSTRAINT "group_mails_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_mails_group_sent_idx" ON "group_mails" USING btree ("recipient_group","sent_at");