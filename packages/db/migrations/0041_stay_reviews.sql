CREATE TABLE "stay_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"home_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_reviews_stay_id_unique" UNIQUE("stay_id")
);
--> statement-breakpoint
ALTER TABLE "stay_reviews" ADD CONSTRAINT "stay_reviews_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_reviews" ADD CONSTRAINT "stay_reviews_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stay_reviews_home_idx" ON "stay_reviews" USING btree ("home_id","created_at");