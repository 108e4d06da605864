-- Trigram matching for the "contains" searches (members, outbox). pg_trgm is a trusted extension:
-- the database's owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "mail_outbox_to_trgm_idx" ON "mail_outbox" USING gin ("to" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mail_outbox_subject_trgm_idx" ON "mail_outbox" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);