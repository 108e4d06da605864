import { EVENT_NOT_FOUND } from "../messages";
import { z } from "../zod";

export const COMMENT_MAX = 5000;

export const commentInput = z.object({
  content: z
    .string()
    .trim()
    .min(1, "A comment cannot be empty.")
    .max(COMMENT_MAX, `Comments can be at most ${COMMENT_MAX.toLocaleString("en-US")} characters.`),
  commentableId: z.uuid("Comments belong to an event or a media item."),
});
export const commentUpdateInput = z.object({ id: z.uuid("Comment not found."), content: commentInput.shape.content });
/** The comment box and the edit field: the text alone. */
export const commentForm = commentInput.pick({ content: true });
export const commentIdInput = z.object({ id: z.uuid("Comment not found.") });
/** The most rows a whole-list answer of the spec's (members, applications) carries; a Link header leads on. */
export const LIST_MAX = 1000;

/** A page of such a list by position: `offset` rows skipped, at most `limit` (LIST_MAX) returned. */
export const offsetPageFields = {
  offset: z.number().int().min(0).max(1_000_000).optional(),
  limit: z.number().int().min(1).max(LIST_MAX).optional(),
};

/** The most comments one answer carries (newest first); older ones come a page at a time, by cursor. */
export const COMMENTS_PAGE_MAX = 1000;
/** The comments section shows this many at a time, "Show more comments" the next as many. */
export const COMMENTS_PAGE = 20;

export const commentListInput = z.object({
  commentableId: z.uuid("Comments belong to an event or a media item."),
  cursor: z.string().max(100).optional(),
  limit: z.number().int().min(1).max(COMMENTS_PAGE_MAX).optional(),
});

/** Tags are kept in one form: trimmed, lower-case, single spaces. */
export const tagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((t) => t.replace(/\s+/g, " "))
  .pipe(z.string().min(1, "A tag cannot be empty.").max(40, "Tags can be at most 40 characters."));
const tag = tagSchema;

export const mediaUpdateInput = z.object({
  id: z.uuid("Media not found."),
  /** Its title ("" or null: none, and it reads "Photo, 6 December"). */
  name: z.string().trim().max(200, "The title can be at most 200 characters.").nullish(),
  description: z.string().trim().max(5000, "The description can be at most 5,000 characters.").nullish(),
  tags: z.array(tag).max(30, "At most 30 tags.").nullish(),
  /** null removes the association. */
  associatedEventId: z.uuid(EVENT_NOT_FOUND).nullish(),
});

/**
 * The media details form: title, description, tags and event. `newTag` is the "Add a tag" box,
 * checked as a tag when added; "" for the event (or the title) means none.
 */
export const mediaDetailsForm = z.object({
  title: z.string().trim().max(200, "The title can be at most 200 characters."),
  description: z.string().trim().max(5000, "The description can be at most 5,000 characters."),
  tags: z.array(tag).max(30, "At most 30 tags."),
  newTag: z.string(),
  eventId: z.string(),
});

export const mediaListInput = z
  .object({
    tag: z.string().trim().toLowerCase().max(40).optional(),
    eventId: z.uuid().optional(),
    /** Only what this member uploaded (her profile). */
    uploader: z.uuid("Member not found.").optional(),
    cursor: z.string().max(100).optional(),
    limit: z.number().int().min(1).max(200).optional(),
  })
  .optional();

export const mediaDeleteInput = z.object({
  media: z.array(z.uuid("Media not found.")).min(1, "Select at least one item to delete.").max(500),
});
