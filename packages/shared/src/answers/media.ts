import { z } from "zod";
import { imageSourceSchema, mediaItemSchema } from "./common";

/** media.list */
export const mediaListAnswer = z.object({ items: z.array(mediaItemSchema), nextCursor: z.string().nullable() });

/** media.tags */
export const mediaTagsAnswer = z.array(z.string());

/** media.get */
export const mediaGetAnswer = mediaItemSchema;

/** media.update */
export const mediaUpdateAnswer = mediaItemSchema;

/** media.retryProcessing */
export const mediaRetryProcessingAnswer = mediaItemSchema;

/** media.delete */
export const mediaDeleteAnswer = z.object({ message: z.string(), deleted: z.array(z.string()) });

export const mediaLikesSchema = z
  .object({ like_count: z.number(), user_liked: z.boolean() })
  .meta({ id: "MediaLikes" });

/** media.like */
export const mediaLikeAnswer = mediaLikesSchema;

/** media.unlike */
export const mediaUnlikeAnswer = mediaLikesSchema;
