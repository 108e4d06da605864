export { createFileStore } from "./file-store";
export { assertSafeKey, type MediaStore, type StoredObject } from "./media-store";
export { createMinioStore, type MinioConfig } from "./minio-store";
export { type AcceptedType, detectType, UNSUPPORTED_TYPE } from "./processing/detect";
export {
  NotAPortrait,
  PORTRAIT_NOT_A_PHOTO,
  PORTRAIT_SIZES,
  type StoredPortrait,
  storePortrait,
} from "./processing/portrait";
export {
  newObjectPrefix,
  type StoredUpload,
  storeUpload,
  UnreadableMedia,
  VideoTooLong,
} from "./processing/process";
export {
  conversionTimeoutMs,
  ffmpegAvailable,
  makePlayable,
  type PlaybackPlan,
  playbackPlan,
  probeVideo,
  type VideoProbe,
} from "./processing/video";
