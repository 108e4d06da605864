import {
  apiTokenScopes,
  eventExclusivities,
  mailStatuses,
  mediaStatuses,
  mediaTypes,
  memberTypes,
  signInMethods,
  videoProcessingStates,
} from "@club/shared";
import { pgEnum } from "drizzle-orm/pg-core";

export const memberTypeEnum = pgEnum("member_type", memberTypes);
export const exclusivityEnum = pgEnum("event_exclusivity", eventExclusivities);
export const mediaTypeEnum = pgEnum("media_type", mediaTypes);
export const mailStatusEnum = pgEnum("mail_status", mailStatuses);
export const mediaStatusEnum = pgEnum("media_status", mediaStatuses);
export const videoProcessingEnum = pgEnum("video_processing", videoProcessingStates);
export const apiTokenScopeEnum = pgEnum("api_token_scope", apiTokenScopes);
export const signInMethodEnum = pgEnum("sign_in_method", signInMethods);
