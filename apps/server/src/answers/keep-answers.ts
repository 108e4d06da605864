import {
  HER_ROW_TOLD,
  KEPT_ANSWERS,
  type KeptProcedure,
  SHARED_ANSWERS,
  type SharedProcedure,
  type Sight,
  seatsMadeOf,
  TOLD_BY_ITEM,
} from "@club/api";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AnswerCache, KeptAnswer, KeptSight } from "./answer-cache";
import { encodedBody } from "./encodings";
import { sharedViewerKey, viewerKey } from "./viewer-key";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A GET whose 200 answer may be kept a few seconds and served again: the procedure it answers with. */
    keepAnswer?: KeptProcedure;
  }
  interface FastifyRequest {
    /** Where this request's answer goes once it is made, and the cache's mark when it began. */
    keptAnswer?: {
      key: string;
      viewer: string;
      mark: number;
      tables: readonly string[];
      done: (kept: KeptAnswer | undefined) => void;
      /** Where it goes if members of her sight may share it, and the sight it is made from. */
      shared: { key: string; viewer: string; tables: readonly string[]; sight: Sight | undefined } | undefined;
      /** Her id: an answer that shows it is not shared. */
      memberId: string | undefined;
      /** Set by a procedure whose answer reads her id beyond what it shows (ApiContext's answerIsPersonal). */
      personal: boolean;
      /**
       * The item whose comments alone the answer reads, as its one procedure said (ApiContext's
       * answerReadsCommentsOf); null if a batch's, or said of two items: it is made from all comments.
       */
      commentsOf: string | null | undefined;
      /**
       * The events whose seats and places alone a shared answer reads, as its one procedure said
       * (ApiContext's answerReadsSeatsOf, the events on a page of the list); null if a batch's, or
       * said twice: it is made from every event's.
       */
      seatsOf: readonly string[] | null | undefined;
      /** When the answer changes by itself (ms; Infinity: never): the earliest its procedures said (ApiContext's answerChangesAt). */
      changesAt: number;
      /** When her sight changes by itself: an answer made from her rows, not from her sight, changes then too. */
      sightChangesAt: number;
    };
  }
}

/** tRPC's streamed batches answer another shape to the same URL: those are not kept. */
const TRPC_STREAM_HEADER = "trpc-accept";

const isKept = (name: string): name is KeptProcedure => Object.hasOwn(KEPT_ANSWERS, name);
const isShared = (name: string): name is SharedProcedure => Object.hasOwn(SHARED_ANSWERS, name);

/** The procedures a GET answers with, when they may be kept: a route's own, or a tRPC batch's (every one kept). */
function keptProcedures(request: FastifyRequest): KeptProcedure[] | undefined {
  if (request.method !== "GET") return undefined;
  const { keepAnswer } = request.routeOptions.config;
  if (keepAnswer) return [keepAnswer];
  if (request.routeOptions.url !== "/trpc/:path" || request.headers[TRPC_STREAM_HEADER] !== undefined) return undefined;
  const names = (request.params as { path?: string }).path?.split(",") ?? [];
  return names.length > 0 && names.every(isKept) ? names : undefined;
}

/** The tables answers of these procedures are made of, by each procedure's list. */
function tablesOf<P extends string>(names: P[], lists: Record<P, readonly string[]>): readonly string[] {
  const [only, ...more] = names;
  return more.length === 0 ? lists[only as P] : [...new Set(names.flatMap((name) => lists[name]))];
}

const herRowTold: Partial<Record<KeptProcedure, string>> = HER_ROW_TOLD;

/** The tables, and what her answer reads of her own row that `users` does not tell (`home_seen:<her id>`). */
function withHerRow(
  tables: readonly string[],
  names: KeptProcedure[],
  memberId: string | undefined,
): readonly string[] {
  const hers = memberId ? names.flatMap((name) => (herRowTold[name] ? [`${herRowTold[name]}:${memberId}`] : [])) : [];
  return hers.length === 0 ? tables : [...tables, ...hers];
}

/** `If-None-Match` names this ETag (or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => tag.trim() === etag);
}

/** The headers every answer that may be kept goes out with, fresh or kept; the ETag only if kept. */
function answerHeaders(reply: FastifyReply, etag: string | undefined): void {
  // The browser keeps it for this member only and asks again every time (If-None-Match → 304).
  reply.header("cache-control", "private, no-cache");
  reply.header("vary", "cookie, authorization, trpc-accept, accept-encoding");
  if (etag) reply.header("etag", etag);
}

/** How often the cache drops what can no longer be served. */
const SWEEP_MS = 10_000;

/**
 * Keeps the JSON answers of the routes that ask for it (`config: keptAnswerOf(procedure)`) and of
 * KEPT_ANSWERS' procedures, by the caller and the URL (the procedure or route and its whole input), and
 * serves them again while nothing they are made of changed; `If-None-Match` with the answer's ETag
 * gets 304 and no body.
 *
 * The key holds everything the access decisions depend on: the member's id, type, admin right and
 * temporary-password state, and an API token's scope (visitors share one key). Her session is still
 * checked first at every request (a signed-out cookie gets no kept answer: it is no caller), and a
 * change of her rights changes the key and is also told as a change of `users`. So the access
 * module's checks, which read only those and the tables whose changes are told, decide as they
 * would have when the answer was made.
 *
 * SHARED_ANSWERS' procedures are made from her sight (the invite-only events her rows show her,
 * read and kept per member) instead of her rows, so their answer is the same for every member of
 * her sight, whatever their type: it is kept for all of them, unless it shows her id (something she may
 * manage) or a procedure said it is hers alone. Admins share theirs.
 */
export const keepAnswers = fp<{ cache: AnswerCache; sightOf: (memberId: string) => Promise<KeptSight> }>(
  async (app: FastifyInstance, { cache, sightOf }) => {
    // The answers being made now, by key. When a kept answer expires, the 32 requests that asked for
    // it at once would each make it again (a list of 200 events, 32 times over): the first makes it
    // and the others wait for hers.
    const making = new Map<string, Promise<KeptAnswer | undefined>>();

    // What can no longer be served is dropped every few seconds, not only when asked for again: a
    // quiet server after a busy hour gives that memory back.
    const sweep = setInterval(() => cache.forgetStale(), SWEEP_MS);
    sweep.unref();
    app.addHook("onClose", async () => clearInterval(sweep));

    /** Her sight: kept, or read (and kept) now; undefined if it cannot be read (the route's handler then answers). */
    async function sightFor(memberId: string): Promise<KeptSight | undefined> {
      const kept = cache.sight(memberId);
      if (kept) return kept;
      const mark = cache.mark();
      try {
        const read = await sightOf(memberId);
        cache.keepSight(memberId, read, mark);
        return read;
      } catch {
        return undefined;
      }
    }

    /** A kept answer this request may be served: one made for her, or a shared one that shows nothing of hers. */
    async function keptFor(key: string, memberId?: string): Promise<KeptAnswer | undefined> {
      const kept = cache.get(key) ?? (await making.get(key));
      return kept && (memberId === undefined || !kept.body.includes(memberId)) ? kept : undefined;
    }

    app.addHook("preHandler", async (request, reply) => {
      const procedures = keptProcedures(request);
      if (!procedures) return;
      let auth: Awaited<ReturnType<FastifyRequest["auth"]>>;
      try {
        auth = await request.auth();
      } catch {
        // The database is away: the route's own handler answers (503), nothing is kept.
        return;
      }
      const viewer = viewerKey(auth);
      const key = `${viewer}\n${request.url}`;
      const memberId = auth.user?.id;
      let kept = await keptFor(key);
      // Her sight, with when it changes by itself (an invitation expiring): an answer kept for her
      // alone ends then; one kept for her sight is keyed by it. An admin's rule reads no rows of hers.
      const member = !kept && cache.isListening && auth.user && !auth.user.admin ? auth.user : undefined;
      const hers = member ? await sightFor(member.id) : undefined;
      // Her sight could not be read (the database is away): the route's own handler answers.
      if (member && !hers) return;
      // Shared by members of her sight, when every procedure asked may be, unless it shows her id.
      let shared: NonNullable<FastifyRequest["keptAnswer"]>["shared"];
      if (!kept && cache.isListening && procedures.every(isShared)) {
        const sight = hers?.sight ?? undefined;
        const sharedViewer = sharedViewerKey(auth, sight);
        if (sharedViewer) {
          const sharedKey = `${sharedViewer}\n${request.url}`;
          shared = { key: sharedKey, viewer: sharedViewer, tables: tablesOf(procedures, SHARED_ANSWERS), sight };
          kept = await keptFor(sharedKey, memberId);
        }
      }
      cache.requests[kept ? "hit" : "miss"]++;
      if (kept) return serve(request, reply, kept);
      // Not kept, or hers was not kept (a change was told meanwhile): this request makes its own.
      let done: (kept: KeptAnswer | undefined) => void = () => {};
      const made = new Promise<KeptAnswer | undefined>((resolve) => {
        done = resolve;
      });
      const makingKey = shared?.key ?? key;
      if (!making.has(makingKey)) {
        making.set(makingKey, made);
        void made.then(() => {
          if (making.get(makingKey) === made) making.delete(makingKey);
        });
      }
      const tables = withHerRow(tablesOf(procedures, KEPT_ANSWERS), procedures, memberId);
      // A batch's procedures may read comments of several items, or seats of other events: only a
      // lone procedure's answer is narrowed (null: made from the whole tables).
      const lone = procedures.length === 1 ? undefined : null;
      request.keptAnswer = {
        key,
        viewer,
        mark: cache.mark(),
        tables,
        done,
        shared,
        memberId,
        personal: false,
        commentsOf: lone,
        seatsOf: lone,
        changesAt: Number.POSITIVE_INFINITY,
        sightChangesAt: hers?.changesAt ?? Number.POSITIVE_INFINITY,
      };
    });

    // Whatever became of the answer (an error, a closed connection), those waiting for it go on.
    app.addHook("onResponse", async (request) => request.keptAnswer?.done(undefined));
    app.addHook("onRequestAbort", async (request) => request.keptAnswer?.done(undefined));

    // Before the compression (it is a route's onSend hook): the body kept is the JSON itself.
    app.addHook("onSend", async (request, reply, payload) => {
      const pending = request.keptAnswer;
      if (!pending) return payload;
      // Waiters on an answer that is not kept (an error) make their own.
      if (!isOk(payload, reply.statusCode)) {
        pending.done(undefined);
        return payload;
      }
      // tRPC's answers are text in hand too (plugins/trpc.ts).
      const body = payload as string;
      const contentType = String(reply.getHeader("content-type") ?? "application/json; charset=utf-8");
      const link = reply.getHeader("link");
      // Made from her sight, and showing nothing of hers: her sight's. Otherwise hers alone
      // (those waiting for a shared answer then make their own).
      const shared =
        pending.shared && !pending.personal && !(pending.memberId && body.includes(pending.memberId))
          ? pending.shared
          : undefined;
      const { key, viewer } = shared ?? pending;
      const tables = narrowed((shared ?? pending).tables, pending.commentsOf, shared ? pending.seatsOf : undefined);
      const answer = {
        body,
        contentType,
        link: typeof link === "string" ? link : undefined,
        tables,
        // One made from her sight is keyed by it: a member whose sight changes asks under another key.
        changesAt: shared ? pending.changesAt : Math.min(pending.changesAt, pending.sightChangesAt),
      };
      const kept = cache.set(key, viewer, answer, pending.mark);
      pending.done(shared || !pending.shared ? kept : undefined);
      answerHeaders(reply, kept?.etag);
      // Only a kept answer has an ETag (computed once, as it is kept): one that was not (a change was
      // told while it was read, or the server is not listening to changes) goes out as it is.
      if (kept && matches(request.headers["if-none-match"], kept.etag)) {
        reply.code(304);
        return "";
      }
      return kept ? encodedBody(request, reply, kept.body, kept.encoded) : body;
    });
  },
);

const toldByItem: ReadonlySet<string> = new Set(TOLD_BY_ITEM);

/**
 * An answer's tables, with those told by item narrowed to the one item it read (`comments:<item>`),
 * and, for a shared answer, those told by event to the events whose seats it read (her own rows of
 * them make up her sight, not this answer).
 */
function narrowed(
  tables: readonly string[],
  item: string | null | undefined,
  seatsOf: readonly string[] | null | undefined,
): readonly string[] {
  const byItem = item ? tables.map((table) => (toldByItem.has(table) ? `${table}:${item}` : table)) : tables;
  return seatsOf ? seatsMadeOf(byItem, seatsOf) : byItem;
}

function isOk(payload: unknown, statusCode: number): boolean {
  return statusCode === 200 && typeof payload === "string";
}

function serve(request: FastifyRequest, reply: FastifyReply, kept: KeptAnswer) {
  answerHeaders(reply, kept.etag);
  if (kept.link) reply.header("link", kept.link);
  if (matches(request.headers["if-none-match"], kept.etag)) return reply.code(304).send();
  return reply.type(kept.contentType).send(encodedBody(request, reply, kept.body, kept.encoded));
}
