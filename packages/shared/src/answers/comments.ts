import { z } from "zod";

export const commentSchema = z
  .object({
    id: z.string(),
    content: z.string(),
    commentableId: z.string(),
    created_at: z.date(),
    updated_at: z.date(),
    user_id: z.string().nullable(),
    username: z.string(),
    like_count: z.number(),
    user_liked: z.boolean(),
  })
  .meta({ id: "Comment" });

export const commentLikesSchema = z
  .object({ like_count: z.number(), user_liked: z.boolean() })
  .meta({ id: "CommentLikes" });

/** comments.list */
export const commentsListAnswer = z.array(commentSchema);

/** comments.page */
export const commentsPageAnswer = z.object({
  items: z.array(commentSchema),
  nextCursor: z.string().nullable(),
  total: z.number(),
});

/** comments.create */
export const commentsCreateAnswer = commentSchema;

/** comments.update */
export const commentsUpdateAnswer = commentSchema;

/** comments.delete */
export const commentsDeleteAnswer = z.object({ ok: z.literal(true) });

/** comments.like */
export const commentsLikeAnswer = commentLikesSchema;

/** comments.unlike */
export const commentsUnlikeAnswer = commentLikesSchema;
