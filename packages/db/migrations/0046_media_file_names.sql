ALTER TABLE "media" ADD COLUMN "file_name" text;--> statement-breakpoint
-- Until now an upload took its file's name as its title ("IMG_0042.MOV"). The file's name is kept
-- for downloads; a title that is still a file name (it ends in an extension) is dropped, and the
-- item reads as "Photo, 6 December" until its uploader names it. Titles typed since stay.
UPDATE "media" SET "file_name" = "name";
--> statement-breakpoint
UPDATE "media" SET "name" = NULL, "title" = NULL WHERE "name" ~* '\.[a-z0-9]{2,5}$' AND coalesce("title", "name") = "name";
