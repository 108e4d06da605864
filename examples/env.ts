import { createClubClient } from "@club/client";

/** Every example reads the club's address and an API token from the environment. */
export function clientFromEnv() {
  const url = process.env.CLUB_URL;
  const token = process.env.CLUB_TOKEN;
  if (!url || !token) {
    console.error("Set CLUB_URL (e.g. http://localhost:3000) and CLUB_TOKEN (Settings → API tokens).");
    process.exit(1);
  }
  return createClubClient({ url, token, timeoutMs: 30_000 });
}
