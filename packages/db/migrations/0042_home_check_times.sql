ALTER TABLE "homes" ADD COLUMN "check_in" text DEFAULT '16:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "check_out" text DEFAULT '11:00' NOT NULL;