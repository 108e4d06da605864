export { type ClubClient, type ClubClientOptions, createClubClient } from "./client";
export { type ClubError, isClubError } from "./errors";
export type { AppRouter, RouterInputs, RouterOutputs } from "./router";
