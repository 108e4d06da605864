-- Seats and waitlist places tell of their event too (`event_participants:event:<event id>`), besides
-- the member whose row it is: the events list counts the seats and places of the events on its page
-- and of no other, so a member's RSVP forgets the kept pages that show that event, not every page.
-- The trigger's second argument names the event's column; invitations pass none (the events list
-- reads them only through a member's sight, which is told by member).
CREATE OR REPLACE FUNCTION "club_member_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_was jsonb;
BEGIN
  -- The row before (update, delete) and after (insert, update) the change.
  FOREACH row_was IN ARRAY CASE TG_OP
    WHEN 'INSERT' THEN ARRAY[to_jsonb(NEW)]
    WHEN 'DELETE' THEN ARRAY[to_jsonb(OLD)]
    ELSE ARRAY[to_jsonb(OLD), to_jsonb(NEW)]
  END LOOP
    PERFORM pg_notify('club_data', coalesce(TG_TABLE_NAME || ':' || (row_was ->> TG_ARGV[0]), TG_TABLE_NAME));
    IF TG_NARGS > 1 THEN
      PERFORM pg_notify('club_data', coalesce(TG_TABLE_NAME || ':event:' || (row_was ->> TG_ARGV[1]), TG_TABLE_NAME));
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "event_participants_rows_changed" ON "event_participants";
--> statement-breakpoint
CREATE TRIGGER "event_participants_rows_changed" AFTER INSERT OR UPDATE OR DELETE ON "event_participants"
  FOR EACH ROW EXECUTE FUNCTION "club_member_rows_changed"('user_id', 'event_id');
--> statement-breakpoint
DROP TRIGGER "event_waitlist_rows_changed" ON "event_waitlist";
--> statement-breakpoint
CREATE TRIGGER "event_waitlist_rows_changed" AFTER INSERT OR UPDATE OR DELETE ON "event_waitlist"
  FOR EACH ROW EXECUTE FUNCTION "club_member_rows_changed"('user_id', 'event_id');
