import { unsubscribeSetAnswer } from "@club/shared";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { id, json } from "../openapi/describe";
import type { ContextDeps } from "../plugins/trpc";
import { call, callerFor } from "./caller";

/**
 * The one-click unsubscribe of RFC 8058, at the URL of every bulk mail's List-Unsubscribe header.
 * A mail provider POSTs `List-Unsubscribe=One-Click` to it from its own servers: no session cookie,
 * no Origin (the origin check lets this one route through; see origin-check.ts). The token in the
 * path is the whole authority. Unsubscribing twice answers the same. A GET of the same address is
 * the web page, which only unsubscribes when its button is pressed.
 */
export const ONE_CLICK_UNSUBSCRIBE_PATH = "/unsubscribe/:token";

export async function unsubscribeRoutes(app: FastifyInstance, deps: ContextDeps) {
  // RFC 8058 sends the body as a form (urlencoded, or multipart/form-data); what it says is always
  // the same, so it is read as text and not looked at: the POST itself is the request.
  app.addContentTypeParser(
    ["application/x-www-form-urlencoded", "multipart/form-data"],
    { parseAs: "string", bodyLimit: 4096 },
    (_request, body, done) => done(null, body),
  );

  app.post<{ Params: { token: string } }>(
    ONE_CLICK_UNSUBSCRIBE_PATH,
    {
      config: {
        openapi: {
          summary: "One-click unsubscribe (RFC 8058)",
          description:
            "The URL of a bulk mail's `List-Unsubscribe` header, posted by mail providers with the form body `List-Unsubscribe=One-Click`: no session and no Origin needed, the token is the credential. Stops that one kind of mail for that member; posting again answers the same. A GET of the same URL is the web page that confirms and offers to undo.",
          procedure: "unsubscribe.set",
          params: id("unsubscribe.set", "token"),
          answer: json(
            "`{ message, kind }`: which kind of mail she no longer receives.",
            z.object({ message: z.string(), kind: unsubscribeSetAnswer.shape.kind }),
          ),
        },
      },
    },
    async (request, reply) => {
      const caller = await callerFor(deps, request, reply);
      const done = await call(caller.unsubscribe.set, { token: request.params.token, receive: false });
      return { message: "You are unsubscribed.", kind: done.kind };
    },
  );
}
