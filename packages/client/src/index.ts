export {
  type ClubClient,
  type ClubClientOptions,
  createClubClient,
  DEFAULT_TIMEOUT_MS,
  IDEMPOTENCY_KEY_CONTEXT,
} from "./client";
export { type ClubError, isClubError, type ServerVersion } from "./errors";
export type { AppRouter, RouterInputs, RouterOutputs } from "./router";
export { type MediaUpload, type UploadedMedia, type UploadProgress, uploadMedia } from "./upload";
export { API_VERSION, CLIENT_VERSION } from "./version";
