CREATE TABLE "stay_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" uuid,
	"recorded_by_name" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"home_title" text NOT NULL,
	"guest_name" text NOT NULL,
	"arrive" date NOT NULL,
	"depart" date NOT NULL,
	CONSTRAINT "stay_payments_kind" CHECK ("stay_payments"."kind" in ('received', 'reversed')),
	CONSTRAINT "stay_payments_sign" CHECK (("stay_payments"."kind" = 'received') = ("stay_payments"."amount_cents" > 0))
);
--> statement-breakpoint
ALTER TABLE "stay_payments" ADD CONSTRAINT "stay_payments_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_payments" ADD CONSTRAINT "stay_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stay_payments_stay_idx" ON "stay_payments" USING btree ("stay_id");--> statement-breakpoint
CREATE INDEX "stay_payments_recorded_idx" ON "stay_payments" USING btree ("recorded_at");--> statement-breakpoint
-- The ledger's lines are never edited or removed: a correction is a new line. Only what a foreign
-- key does by itself passes (a stay or an account deleted: its id becomes null).
CREATE FUNCTION "stay_payments_are_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'The ledger''s lines are never removed: record a reversing line instead.' USING ERRCODE = 'P0001';
  END IF;
  IF (NEW.kind, NEW.amount_cents, NEW.method, NEW.note, NEW.recorded_by_name, NEW.recorded_at, NEW.home_title, NEW.guest_name, NEW.arrive, NEW.depart)
     IS DISTINCT FROM (OLD.kind, OLD.amount_cents, OLD.method, OLD.note, OLD.recorded_by_name, OLD.recorded_at, OLD.home_title, OLD.guest_name, OLD.arrive, OLD.depart)
     OR (NEW.stay_id IS DISTINCT FROM OLD.stay_id AND NEW.stay_id IS NOT NULL)
     OR (NEW.recorded_by IS DISTINCT FROM OLD.recorded_by AND NEW.recorded_by IS NOT NULL) THEN
    RAISE EXCEPTION 'The ledger''s lines are never edited: record a reversing line instead.' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stay_payments_are_kept" BEFORE UPDATE OR DELETE ON "stay_payments"
  FOR EACH ROW EXECUTE FUNCTION "stay_payments_are_kept"();
