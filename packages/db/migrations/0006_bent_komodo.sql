CREATE TABLE "event_waitlist" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"guests" integer DEFAULT 0 NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "event_waitlist_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_waitlist_event_id_user_id_pk" PRIMARY KEY("event_id","user_id"),
	CONSTRAINT "event_waitlist_guests_range" CHECK ("event_waitlist"."guests" between 0 and 10)
);
--> statement-breakpoint
ALTER TABLE "event_participants" ADD COLUMN "guests" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "guests_per_member" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "rsvp_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_waitlist_event_position_idx" ON "event_waitlist" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "event_waitlist_user_idx" ON "event_waitlist" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "event_participants" ADD CONSTRAINT "event_participants_guests_range" CHECK ("event_participants"."guests" between 0 and 10);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_capacity_positive" CHECK ("events"."capacity" is null or "events"."capacity" > 0);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_guests_per_member_range" CHECK ("events"."guests_per_member" between 0 and 10);