import { openAsBlob } from "node:fs";
import { basename } from "node:path";
import { z } from "zod";
import { remoteApi } from "../api";
import type { SeedTarget } from "./run";

/** What POST /upload-media answers: the new item, or the refusal's text. */
const uploadAnswer = z.object({ id: z.string().optional(), error: z.string().optional() });

/** Seeding a running server through its API: everything is done as the token's owner (an admin). */
export function remoteTarget(url: string, token: string): SeedTarget {
  const api = remoteApi(url, token);
  return {
    admin: async () => api,
    as: async () => api,
    async upload(path, name) {
      const form = new FormData();
      form.append("media", await openAsBlob(path), name || basename(path));
      const res = await fetch(new URL("/upload-media", url), {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body = uploadAnswer.safeParse(await res.json().catch(() => ({}))).data ?? {};
      if (!res.ok || !body.id) throw new Error(body.error ?? `upload failed with status ${res.status}`);
      return body.id;
    },
  };
}
