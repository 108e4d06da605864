import { type ClubClient, createClubClient } from "@club/client";
import { remoteFetch } from "./remote-failure";

/**
 * The procedures, called the same way (a tRPC client) whether they run in this process on the
 * database, on a remote server, or on the server running on this machine through its socket (those
 * two in local/api.ts).
 */
export type Api = ClubClient;

/**
 * The same procedures on a remote server, with an administrator's API token. A server out of reach
 * or refusing the token is said with its address and the cause.
 */
export function remoteApi(url: string, token: string): Api {
  return createClubClient({ url, token, timeoutMs: 60_000, fetch: remoteFetch(url) });
}
