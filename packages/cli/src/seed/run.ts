import { basename, dirname, resolve } from "node:path";
import { LIST_MAX } from "@club/shared";
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import type { Api } from "../api";
import type { SeedFile } from "./schema";

/** Where a seed goes: this machine's database, or a remote server through its API. */
export interface SeedTarget {
  /** Acts as an administrator (accounts, codes, participants, look-ups). */
  admin(): Promise<Api>;
  /** Acts as this member; a remote target always acts as its token's owner. */
  as(email: string | undefined): Promise<Api>;
  /** Adds a file as a media item of `author`, returning its id. */
  upload(path: string, name: string, author: string | undefined): Promise<string>;
}

export interface SeedReport {
  created: Record<"users" | "invitationCodes" | "events" | "participants" | "comments" | "media", number>;
  skipped: number;
}

/** What a remote server's refusal carries (tRPC's client error): its code. */
const remoteRefusal = z.object({ data: z.object({ code: z.string() }) });

const codeOf = (err: unknown) => (err instanceof TRPCError ? err.code : remoteRefusal.safeParse(err).data?.data.code);

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function entry<T>(label: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw new Error(`${label}: ${messageOf(err)}`);
  }
}

/** Every member, a page at a time (the list answers at most LIST_MAX rows). */
async function everyMember(admin: Awaited<ReturnType<SeedTarget["admin"]>>) {
  const all = [];
  for (let offset = 0; ; offset += LIST_MAX) {
    const page = await admin.users.list.query({ offset, limit: LIST_MAX });
    all.push(...page);
    if (page.length < LIST_MAX) return all;
  }
}

/**
 * Applies a seed file. Every entry is looked up by its natural key first, so a second run
 * changes nothing: users by e-mail, codes by value, events by slug, media by name, comments by
 * author and text.
 */
export async function runSeed(seed: SeedFile, seedPath: string, target: SeedTarget): Promise<SeedReport> {
  const report: SeedReport = {
    created: { users: 0, invitationCodes: 0, events: 0, participants: 0, comments: 0, media: 0 },
    skipped: 0,
  };
  let admin = await target.admin();

  const known = new Set((await everyMember(admin)).map((u) => u.email));
  for (const [i, u] of seed.users.entries()) {
    if (known.has(u.email)) {
      report.skipped++;
      continue;
    }
    await entry(`users[${i}] (${u.email})`, () => admin.users.create.mutate(u));
    report.created.users++;
  }
  // With accounts in place, act as a real administrator from here on.
  admin = await target.admin();
  const idOf = new Map((await everyMember(admin)).map((u) => [u.email, u.user_id]));
  const userId = (email: string, label: string) => {
    const id = idOf.get(email);
    if (!id) throw new Error(`${label}: no member with the e-mail ${email}.`);
    return id;
  };

  for (const [i, c] of seed.invitationCodes.entries()) {
    try {
      await admin.invitationCodes.create.mutate({ code: c.code, maxUses: c.uses, expiresAt: c.expires });
      report.created.invitationCodes++;
    } catch (err) {
      if (codeOf(err) !== "CONFLICT") throw new Error(`invitationCodes[${i}]: ${messageOf(err)}`);
      report.skipped++;
    }
  }

  async function addComments(label: string, commentableId: string, comments: SeedFile["events"][number]["comments"]) {
    const existing = await admin.comments.list.query({ commentableId });
    for (const [j, c] of comments.entries()) {
      const api = await target.as(c.author);
      const me = await api.auth.me.query();
      if (existing.some((x) => x.user_id === me.user_id && x.content === c.content)) {
        report.skipped++;
        continue;
      }
      await entry(`${label}.comments[${j}]`, () => api.comments.create.mutate({ commentableId, content: c.content }));
      report.created.comments++;
    }
  }

  for (const [i, e] of seed.events.entries()) {
    const label = `events[${i}] (${e.slug})`;
    const { participants, comments, createdBy, ...input } = e;
    let eventId: string;
    try {
      eventId = (await admin.events.get.query({ id: e.slug })).id;
      report.skipped++;
    } catch (err) {
      if (codeOf(err) !== "NOT_FOUND") throw new Error(`${label}: ${messageOf(err)}`);
      const api = await target.as(createdBy);
      eventId = (await entry(label, () => api.events.create.mutate(input))).id;
      report.created.events++;
    }
    if (participants.length) {
      const before = (await admin.events.get.query({ id: eventId })).participants.length;
      const ids = participants.map((p, j) => userId(p, `${label}.participants[${j}]`));
      const after = await entry(label, () => admin.events.addParticipants.mutate({ eventId, userIds: ids }));
      report.created.participants += after.participants.length - before;
    }
    await addComments(label, eventId, comments);
  }

  const base = dirname(resolve(seedPath));
  async function addMedia(label: string, name: string, m: SeedFile["media"][number]): Promise<string> {
    const id = await entry(label, () => target.upload(resolve(base, m.file), name, m.author));
    const api = await target.as(m.author);
    const { event } = m;
    const eventId = event ? (await entry(label, () => admin.events.get.query({ id: event }))).id : null;
    await entry(label, () =>
      api.media.update.mutate({
        id,
        name,
        description: m.description ?? null,
        tags: m.tags,
        associatedEventId: eventId,
      }),
    );
    report.created.media++;
    return id;
  }

  for (const [i, m] of seed.media.entries()) {
    const name = m.name ?? basename(m.file);
    const label = `media[${i}] (${name})`;
    const found = (await admin.images.byTitle.query({ title: name }))[0]?.id;
    if (found) report.skipped++;
    const mediaId = found ?? (await addMedia(label, name, m));
    await addComments(label, mediaId, m.comments);
  }
  return report;
}
