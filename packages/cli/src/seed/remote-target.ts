import { openAsBlob } from "node:fs";
import { basename } from "node:path";
import type { RouterOutputs } from "@club/client";
import { z } from "zod";
import { type Api, remoteApi } from "../api";
import { CommandFailed } from "../errors";
import { clubUrl, remoteFailureIn, remoteFetch } from "../remote-failure";
import type { SeedTarget } from "./run";

/** What POST /upload-media answers: the new item, or the refusal's text. */
const uploadAnswer = z.object({ id: z.string().optional(), error: z.string().optional() });

/** Seeding a running server through its API: everything is done as the token's owner (an admin). */
export function remoteTarget(url: string, token: string): SeedTarget {
  const origin = new URL(clubUrl(url)).origin;
  const api = remoteApi(url, token);
  const send = remoteFetch(url);
  // The first call says whether the server answers and takes the token, before anything is sent.
  let whoAmI: Promise<RouterOutputs["auth"]["me"]> | undefined;
  const me = () => {
    whoAmI ??= api.auth.me.query().catch((err: unknown) => {
      throw remoteFailureIn(err) ?? err;
    });
    return whoAmI;
  };
  let ready: Promise<Api> | undefined;
  const admin = () => {
    ready ??= (async () => {
      const { admin, email } = await me();
      if (!admin) {
        throw new CommandFailed(`The token of ${email} at ${origin} is not an administrator's: seeding needs one.`);
      }
      return api;
    })();
    return ready;
  };
  return {
    name: origin,
    admin,
    as: admin,
    async token() {
      const { email, apiTokenScope } = await me();
      // A server older than auth.me's scope: the run itself will say what the token may not do.
      return { owner: email, scope: apiTokenScope ?? "admin" };
    },
    async upload(path, name) {
      const form = new FormData();
      form.append("media", await openAsBlob(path), name || basename(path));
      const res = await send(new URL("/upload-media", url), {
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
