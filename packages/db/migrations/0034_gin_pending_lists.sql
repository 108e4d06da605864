-- A GIN index keeps new entries in a pending list (up to 4 MB) until (auto)vacuum merges them, and
-- every search reads all of it: the tag suggestions took 22–111 ms on a full list, 4–8 ms on none.
-- Tags and talents (a few entries a row, rows seldom written) now go straight into their index; the
-- trigram indexes (tens of entries a row, members' rows written often) keep batching, in a list of
-- at most 256 kB. Changing the setting leaves the entries already pending: they are merged here.
ALTER INDEX "media_tags_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "profiles_talents_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "users_name_trgm_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "users_email_trgm_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "mail_outbox_to_trgm_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "mail_outbox_subject_trgm_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
SELECT gin_clean_pending_list(index_name::regclass) FROM unnest(ARRAY[
  'media_tags_idx', 'profiles_talents_idx', 'users_name_trgm_idx', 'users_email_trgm_idx',
  'mail_outbox_to_trgm_idx', 'mail_outbox_subject_trgm_idx'
]) AS index_name;
