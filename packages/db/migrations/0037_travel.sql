-- Travel: members' own vacation homes, their open windows, stays asked for, and the nights taken.
-- btree_gist lets one exclusion constraint compare a home's id (=) and its nights (&&), so that no two
-- taken rows of a home share a night: a guarantee of the database, not of the code, which holds when
-- two hosts' clicks (or ten requests accepted at once) meet. It is a trusted extension, like pg_trgm.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "home_taken" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"home_id" uuid NOT NULL,
	"nights" daterange NOT NULL,
	"stay_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_taken_stay_id_unique" UNIQUE("stay_id")
);
--> statement-breakpoint
CREATE TABLE "home_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"home_id" uuid NOT NULL,
	"nights" daterange NOT NULL
);
--> statement-breakpoint
CREATE TABLE "homes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" uuid NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"address" text NOT NULL,
	"sleeps" integer NOT NULL,
	"bedrooms" integer NOT NULL,
	"amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"house_rules" text DEFAULT '' NOT NULL,
	"nightly_rate_cents" integer NOT NULL,
	"min_nights" integer DEFAULT 1 NOT NULL,
	"time_zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homes_sleeps" CHECK ("homes"."sleeps" between 1 and 50),
	CONSTRAINT "homes_bedrooms" CHECK ("homes"."bedrooms" between 0 and 50),
	CONSTRAINT "homes_rate" CHECK ("homes"."nightly_rate_cents" >= 0),
	CONSTRAINT "homes_min_nights" CHECK ("homes"."min_nights" between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "stays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"home_id" uuid NOT NULL,
	"guest_id" uuid NOT NULL,
	"arrive" date NOT NULL,
	"depart" date NOT NULL,
	"guests" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"status_reason" text,
	"nightly_rate_cents" integer NOT NULL,
	"nights" integer NOT NULL,
	"discount_percent" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "stays_dates" CHECK ("stays"."depart" > "stays"."arrive"),
	CONSTRAINT "stays_guests" CHECK ("stays"."guests" >= 1),
	CONSTRAINT "stays_status" CHECK ("stays"."status" in ('requested', 'accepted', 'declined', 'expired', 'cancelled')),
	CONSTRAINT "stays_discount" CHECK ("stays"."discount_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "home_taken" ADD CONSTRAINT "home_taken_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_taken" ADD CONSTRAINT "home_taken_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_windows" ADD CONSTRAINT "home_windows_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homes" ADD CONSTRAINT "homes_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "homes_host_idx" ON "homes" USING btree ("host_id");--> statement-breakpoint
CREATE INDEX "stays_home_idx" ON "stays" USING btree ("home_id","arrive");--> statement-breakpoint
CREATE INDEX "stays_guest_idx" ON "stays" USING btree ("guest_id","arrive");--> statement-breakpoint
-- Nights are finite, non-empty ranges of days, '[arrive,depart)' (Postgres makes every daterange so).
ALTER TABLE "home_windows" ADD CONSTRAINT "home_windows_finite" CHECK (NOT isempty("nights") AND NOT lower_inf("nights") AND NOT upper_inf("nights"));--> statement-breakpoint
ALTER TABLE "home_taken" ADD CONSTRAINT "home_taken_finite" CHECK (NOT isempty("nights") AND NOT lower_inf("nights") AND NOT upper_inf("nights"));--> statement-breakpoint
-- A home's windows never overlap (a host's new windows are merged before they are written).
ALTER TABLE "home_windows" ADD CONSTRAINT "home_windows_no_overlap" EXCLUDE USING gist ("home_id" WITH =, "nights" WITH &&);--> statement-breakpoint
-- Never double-booked: an accepted stay and another, or a stay and a host's block, never share a night.
ALTER TABLE "home_taken" ADD CONSTRAINT "home_taken_no_overlap" EXCLUDE USING gist ("home_id" WITH =, "nights" WITH &&);
