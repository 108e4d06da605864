import type { FastifyInstance } from "fastify";
import { fieldsOf, id, json } from "../openapi/describe";
import type { ContextDeps } from "../plugins/trpc";
import { call, callerFor, restFields } from "./caller";

type IdParams = { Params: { id: string } };
type PageQuery = { Querystring: { before?: string; limit?: string } };

const NEW_CONVERSATION = restFields("conversations.start", ["memberIds", "text", "mediaId"]);
const NEW_MESSAGE = restFields("conversations.send", ["text", "mediaId"]);
const MUTE = restFields("conversations.mute", ["muted"]);
const REPORT = restFields("conversations.report", ["reason"]);

/** The words of the writing limits, as the procedures apply them (the API's throttle rules). */
const WRITING_LIMITS =
  "30 messages a minute per member, and 20 new conversations an hour (429 with Retry-After and a message).";

/**
 * `?limit=` as the procedures take it: a whole number. A query's values are text, so digits
 * become their number; anything else goes as it came, for the procedure's input to refuse in words.
 */
export function wholeOf(value: unknown): unknown {
  return typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : value;
}

/** Messages' URLs: conversations, their pages of messages, blocks, and reports to the admins. */
export async function conversationRoutes(app: FastifyInstance, deps: ContextDeps): Promise<void> {
  app.get<PageQuery>(
    "/api/conversations",
    {
      config: {
        openapi: {
          summary: "Her conversations, written in last first",
          description:
            "Each with its other members, its last message and her unread count in it; `next` is the `before` of the page after (null at the end). `unread` is her unread messages in all the conversations she has not muted.",
          procedure: "conversations.list",
          query: fieldsOf("conversations.list", ["before", "limit"]),
          answer: json("A page of conversations (30 unless `limit` says), `next`, and `unread`."),
        },
      },
    },
    async (request, reply) => {
      const { before, limit } = request.query;
      return call((await callerFor(deps, request, reply)).conversations.list, { before, limit: wholeOf(limit) });
    },
  );

  app.post(
    "/api/conversations",
    {
      config: {
        openapi: {
          summary: "Write to a member, or to a small group, with the first message",
          idempotent: true,
          description:
            "`{memberIds, text, mediaId?}`: one to nine other members. Writing to one member she already has a conversation with (just the two of them) continues it. Refused (403) where one of them blocked her, or she blocked one of them.",
          procedure: "conversations.start",
          body: NEW_CONVERSATION.schema,
          answer: json("`{id, message}`: the conversation's id, and a message."),
          limits: WRITING_LIMITS,
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).conversations.start, NEW_CONVERSATION.from(request.body)),
  );

  app.get(
    "/api/conversations/unread",
    {
      config: {
        openapi: {
          summary: "Her unread messages (the number beside Messages)",
          description: "Messages from others she has not read, in the conversations she has not muted.",
          procedure: "conversations.unread",
          answer: json("`{unread}`."),
        },
      },
    },
    async (request, reply) => (await callerFor(deps, request, reply)).conversations.unread(),
  );

  app.get<IdParams>(
    "/api/conversations/:id",
    {
      config: {
        openapi: {
          summary: "One of her conversations, as its page heads it",
          description:
            "Its other members, whether she muted it, and `cannot_write`: null while she may write, otherwise why not. A conversation she is not in (or has left) is a 404, to admins too.",
          procedure: "conversations.get",
          params: id("conversations.get"),
          answer: json("The conversation."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).conversations.get, { id: request.params.id }),
  );

  app.get<IdParams & PageQuery>(
    "/api/conversations/:id/messages",
    {
      config: {
        openapi: {
          summary: "A page of a conversation's messages, oldest first",
          description:
            "The newest page, or the page before `before` (a page's `older`, null at the first message). A photo shared in a message is shown only while she may see it.",
          procedure: "conversations.messages",
          params: id("conversations.messages"),
          query: fieldsOf("conversations.messages", ["before", "limit"]),
          answer: json("`{items, older}`: up to 50 messages unless `limit` says."),
        },
      },
    },
    async (request, reply) => {
      const { before, limit } = request.query;
      return call((await callerFor(deps, request, reply)).conversations.messages, {
        id: request.params.id,
        before,
        limit: wholeOf(limit),
      });
    },
  );

  app.post<IdParams>(
    "/api/conversations/:id/messages",
    {
      config: {
        openapi: {
          summary: "Write in one of her conversations",
          idempotent: true,
          description:
            "`{text, mediaId?}`: up to 4,000 characters of plain text, and a gallery photo she may see. Refused (403) where someone in it blocked her, or she blocked someone in it.",
          procedure: "conversations.send",
          params: id("conversations.send"),
          body: NEW_MESSAGE.schema,
          answer: json("The message, as its members see it."),
          limits: WRITING_LIMITS,
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).conversations.send, {
        ...NEW_MESSAGE.from(request.body),
        id: request.params.id,
      }),
  );

  app.post<IdParams>(
    "/api/conversations/:id/read",
    {
      config: {
        openapi: {
          summary: "Mark a conversation read, up to its newest message",
          procedure: "conversations.read",
          params: id("conversations.read"),
          answer: json("`{unread}`: her unread messages left, in all her conversations."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).conversations.read, { id: request.params.id }),
  );

  app.post<IdParams>(
    "/api/conversations/:id/mute",
    {
      config: {
        openapi: {
          summary: "Mute a conversation, or no longer",
          description: "`{muted: true}`: no e-mail of it, and its messages are not in her unread number.",
          procedure: "conversations.mute",
          params: id("conversations.mute"),
          body: MUTE.schema,
          answer: json("A message."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).conversations.mute, {
        ...MUTE.from(request.body),
        id: request.params.id,
      }),
  );

  app.post<IdParams>(
    "/api/conversations/:id/leave",
    {
      config: {
        openapi: {
          summary: "Leave a conversation",
          description: "It leaves her list; she neither reads nor writes in it again.",
          procedure: "conversations.leave",
          params: id("conversations.leave"),
          answer: json("A message."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).conversations.leave, { id: request.params.id }),
  );

  app.get(
    "/api/members/blocked",
    {
      config: {
        openapi: {
          summary: "The members she blocked, by name",
          procedure: "conversations.blocked",
          answer: json("The members."),
        },
      },
    },
    async (request, reply) => (await callerFor(deps, request, reply)).conversations.blocked(),
  );

  for (const [method, procedure] of [
    ["POST", "conversations.block"],
    ["DELETE", "conversations.unblock"],
  ] as const) {
    app.route<IdParams>({
      method,
      url: "/api/members/:id/block",
      config: {
        openapi: {
          summary: method === "POST" ? "Block a member" : "Unblock a member",
          description:
            method === "POST"
              ? "She no longer writes to her, nor she to her (the member blocked is told only that she cannot write). Blocking twice changes nothing."
              : "Unblocking one not blocked changes nothing.",
          procedure,
          params: id(procedure),
          answer: json("`{blocked, message}`."),
        },
      },
      handler: async (request, reply) => {
        const caller = await callerFor(deps, request, reply);
        const input = { id: request.params.id };
        return call(method === "POST" ? caller.conversations.block : caller.conversations.unblock, input);
      },
    });
  }

  app.post<IdParams>(
    "/api/messages/:id/report",
    {
      config: {
        openapi: {
          summary: "Report a message to the club's administrators",
          description:
            "`{reason}`, 3 to 1,000 characters, about a message of someone else in a conversation she is in. The admins see that message and five either side of it. Reporting the same message again changes the reason.",
          procedure: "conversations.report",
          params: id("conversations.report"),
          body: REPORT.schema,
          answer: json("A message."),
          limits: "At most 20 of her reports waiting for the admins.",
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).conversations.report, {
        ...REPORT.from(request.body),
        id: request.params.id,
      }),
  );

  app.get(
    "/api/admin/message-reports",
    {
      config: {
        openapi: {
          summary: "Reported messages still open",
          description: "Oldest first, each with its reason, who reported it, and the message with five either side.",
          procedure: "conversations.reports",
          answer: json("Up to 50 open reports."),
        },
      },
    },
    async (request, reply) => (await callerFor(deps, request, reply)).conversations.reports(),
  );

  app.post<IdParams>(
    "/api/admin/message-reports/:id/close",
    {
      config: {
        openapi: {
          summary: "Close a report once dealt with",
          description: "It leaves the admins' list; the message stays.",
          procedure: "conversations.closeReport",
          params: id("conversations.closeReport"),
          answer: json("A message."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).conversations.closeReport, { id: request.params.id }),
  );
}
