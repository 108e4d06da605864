DROP INDEX "comments_commentable_created_idx";--> statement-breakpoint
CREATE INDEX "comments_commentable_created_idx" ON "comments" USING btree ("commentable_id","created_at","id");