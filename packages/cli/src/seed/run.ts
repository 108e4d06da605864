import { basename } from "node:path";
import { LIST_MAX } from "@club/shared";
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import type { Api } from "../api";
import { CommandFailed } from "../errors";
import { remoteFailureIn } from "../remote-failure";
import {
  authorshipWarnings,
  type ClubLookup,
  mediaPath,
  referenceProblems,
  type SeedToken,
  scopeProblems,
} from "./check";
import { type CurrentEvent, eventDifferences, eventUpdate, mediaDifferences, memberDifferences } from "./differences";
import { SeedFileError, type SeedSource } from "./load";
import type { Path, SeedFile } from "./schema";

/** Where a seed goes: this machine's database, or a remote server through its API. */
export interface SeedTarget {
  /** "this machine's database", or the server's address: named in messages. */
  name: string;
  /** Acts as an administrator (accounts, codes, participants, look-ups). */
  admin(): Promise<Api>;
  /** Acts as this member; a remote target always acts as its token's owner. */
  as(email: string | undefined): Promise<Api>;
  /** Adds a file as a media item of `author`, returning its id. */
  upload(path: string, name: string, author: string | undefined): Promise<string>;
  /**
   * A remote target's token: whose it is (every entry is written as her) and its scope. Absent on
   * this machine's database, where entries keep their authors and nothing is scoped.
   */
  token?(): Promise<SeedToken>;
  /** Writes in one transaction: a failure leaves nothing written. */
  atomic?: boolean;
}

export interface SeedOptions {
  /** Entries that exist but differ from the file are changed to match it (otherwise only reported). */
  update?: boolean;
}

/** An entry that exists with other values than the file's: which one, and which of its fields. */
export interface Difference {
  entry: string;
  fields: string[];
}

export interface SeedReport {
  created: Record<
    "users" | "invitationCodes" | "events" | "participants" | "comments" | "media" | "homes" | "stays",
    number
  >;
  /** Entries present already, as the file has them. */
  skipped: number;
  /** Entries present with other values, left as they are (without --update). */
  differs: Difference[];
  /** Entries present with other values, changed to the file's (with --update). */
  updated: Difference[];
  /** What the target cannot keep as the file has it (authors, through a server), each with its line. */
  warnings: string[];
}

/** What a check found: problems stop the run before anything is written; warnings do not. */
export interface SeedCheck {
  problems: string[];
  warnings: string[];
}

/** What a remote server's refusal carries (tRPC's client error): its code. */
const remoteRefusal = z.object({ data: z.object({ code: z.string() }) });

const codeOf = (err: unknown) => (err instanceof TRPCError ? err.code : remoteRefusal.safeParse(err).data?.data.code);

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function entry<T>(label: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    // A server out of reach is no entry's fault: said once, as it is.
    throw remoteFailureIn(err) ?? new Error(`${label}: ${messageOf(err)}`);
  }
}

/** Every member, a page at a time (the list answers at most LIST_MAX rows). */
async function everyMember(admin: Api) {
  const all = [];
  for (let offset = 0; ; offset += LIST_MAX) {
    const page = await admin.users.list.query({ offset, limit: LIST_MAX });
    all.push(...page);
    if (page.length < LIST_MAX) return all;
  }
}

async function findEvent(api: Api, slug: string) {
  try {
    return await api.events.get.query({ id: slug });
  } catch (err) {
    if (codeOf(err) === "NOT_FOUND") return undefined;
    throw err;
  }
}

function lookupOn(target: SeedTarget, admin: Api): ClubLookup {
  let emails: Promise<Set<string>> | undefined;
  return {
    name: target.name,
    memberEmails: () => {
      emails ??= everyMember(admin).then((all) => new Set(all.map((u) => u.email)));
      return emails;
    },
    eventExists: async (slug) => (await findEvent(admin, slug)) !== undefined,
  };
}

/**
 * The problems of a file's references (members, events, media files), each with its line; with a
 * target, the members and events it names are looked up there, and a remote target's token is
 * checked against what the file writes (its scope; the authors it cannot keep, as warnings).
 * Nothing is written.
 */
export async function checkSeed(source: SeedSource, target: SeedTarget | undefined): Promise<SeedCheck> {
  if (!target) return { problems: await referenceProblems(source, undefined), warnings: [] };
  const token: SeedToken | undefined = await target.token?.();
  const lookup = lookupOn(target, await target.admin());
  const problems = await referenceProblems(source, lookup);
  if (!token) return { problems, warnings: [] };
  problems.push(...scopeProblems(source, token, await lookup.memberEmails()));
  return { problems, warnings: authorshipWarnings(source, token.owner) };
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Applies a seed file. Every reference is checked first, so a file naming a member or event that
 * exists nowhere writes nothing. Every entry is then looked up by its natural key: users by
 * e-mail, codes by value, events by slug, media by name, comments by author and text. An entry
 * present with other values is reported (or, with `update`, changed); a second run changes nothing.
 */
export async function runSeed(source: SeedSource, target: SeedTarget, options: SeedOptions = {}): Promise<SeedReport> {
  const { seed, places } = source;
  const report: SeedReport = {
    created: { users: 0, invitationCodes: 0, events: 0, participants: 0, comments: 0, media: 0, homes: 0, stays: 0 },
    skipped: 0,
    differs: [],
    updated: [],
    warnings: [],
  };
  const { problems, warnings } = await checkSeed(source, target);
  if (problems.length) throw new SeedFileError(places.file, problems);
  report.warnings = warnings;

  /** An entry found with other values: changed with --update, else reported. */
  async function differing(label: string, fields: string[], apply: () => Promise<unknown>) {
    if (!fields.length) {
      report.skipped++;
      return;
    }
    if (!options.update) {
      report.differs.push({ entry: label, fields });
      return;
    }
    await entry(label, apply);
    report.updated.push({ entry: label, fields });
  }

  // The entry being written, for a failure's place; what was written before it is in `report`.
  let at: Path = [];
  try {
    await (async () => {
      let admin = await target.admin();
      const members = new Map((await everyMember(admin)).map((u) => [u.email, u]));
      for (const [i, u] of seed.users.entries()) {
        at = ["users", i];
        const label = `users[${i}] (${u.email})`;
        const found = members.get(u.email);
        if (found) {
          const fields = memberDifferences(u, places.stated(["users", i]), found);
          const change = Object.fromEntries(fields.map((f) => [f, u[f]]));
          await differing(label, fields, () => admin.users.update.mutate({ userId: found.user_id, ...change }));
          continue;
        }
        await entry(label, () => admin.users.create.mutate(u));
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
        at = ["invitationCodes", i];
        try {
          await admin.invitationCodes.create.mutate({ code: c.code, maxUses: c.uses, expiresAt: c.expires });
          report.created.invitationCodes++;
        } catch (err) {
          if (codeOf(err) !== "CONFLICT")
            throw remoteFailureIn(err) ?? new Error(`invitationCodes[${i}]: ${messageOf(err)}`);
          report.skipped++;
        }
      }

      async function addComments(
        label: string,
        commentableId: string,
        comments: SeedFile["events"][number]["comments"],
      ) {
        const existing = await admin.comments.list.query({ commentableId });
        for (const [j, c] of comments.entries()) {
          const api = await target.as(c.author);
          const me = await api.auth.me.query();
          if (existing.some((x) => x.user_id === me.user_id && x.content === c.content)) {
            report.skipped++;
            continue;
          }
          await entry(`${label}.comments[${j}]`, () =>
            api.comments.create.mutate({ commentableId, content: c.content }),
          );
          report.created.comments++;
        }
      }

      for (const [i, e] of seed.events.entries()) {
        at = ["events", i];
        const label = `events[${i}] (${e.slug})`;
        const { participants, comments, createdBy, ...input } = e;
        const found = await entry(label, () => findEvent(admin, e.slug));
        let eventId: string;
        if (found) {
          eventId = found.id;
          const stated = places.stated(["events", i]);
          const current: CurrentEvent = found;
          const fields = eventDifferences(e, stated, current, today());
          await differing(label, fields, () =>
            admin.events.update.mutate({ id: found.id, ...eventUpdate(e, stated, current) }),
          );
        } else {
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

      const eventIdOf = async (label: string, slug: string | undefined) =>
        slug ? (await entry(label, () => admin.events.get.query({ id: slug }))).id : null;

      async function addMedia(label: string, name: string, m: SeedFile["media"][number]): Promise<string> {
        const id = await entry(label, () => target.upload(mediaPath(places.file, m.file), name, m.author));
        const api = await target.as(m.author);
        const eventId = await eventIdOf(label, m.event);
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
        at = ["media", i];
        const name = m.name ?? basename(m.file);
        const label = `media[${i}] (${name})`;
        const found = (await admin.images.byTitle.query({ title: name }))[0];
        if (found) {
          const eventId = await eventIdOf(label, m.event);
          const { fields, change } = mediaDifferences(m, places.stated(["media", i]), found, eventId);
          await differing(label, fields, () => admin.media.update.mutate({ id: found.id, ...change }));
        }
        const mediaId = found?.id ?? (await addMedia(label, name, m));
        await addComments(label, mediaId, m.comments);
      }

      // Homes by title: listed by an admin for their host, then their windows opened.
      const homeIds = new Map((await admin.homes.list.query({})).map((h) => [h.title, h.id]));
      for (const [i, h] of seed.homes.entries()) {
        at = ["homes", i];
        const label = `homes[${i}] (${h.title})`;
        if (homeIds.has(h.title)) {
          report.skipped++;
          continue;
        }
        const { host, windows, ...fields } = h;
        const made = await entry(label, () =>
          admin.homes.create.mutate({ ...fields, host_id: userId(host, `${label}.host`) }),
        );
        if (windows.length) await entry(label, () => admin.homes.setWindows.mutate({ id: made.id, windows }));
        homeIds.set(h.title, made.id);
        report.created.homes++;
      }

      // Stays by home, guest and arrival: asked for as the guest, then accepted by an admin if the file says so.
      const existingStays = seed.stays.length ? await admin.stays.list.query({ all: true }) : [];
      for (const [i, st] of seed.stays.entries()) {
        at = ["stays", i];
        const label = `stays[${i}] (${st.home}, ${st.arrive})`;
        const homeId = homeIds.get(st.home);
        if (!homeId) throw new Error(`${label}: no home titled ${st.home} in ${target.name} or in the file's homes.`);
        userId(st.guest, `${label}.guest`);
        const { home: _home, guest, status, ...request } = st;
        // Who asks: the guest on this machine's database; through a server, the token's owner.
        const api = await target.as(guest);
        const asker = (await api.auth.me.query()).user_id;
        const found = existingStays.find((x) => x.home_id === homeId && x.guest_id === asker && x.arrive === st.arrive);
        if (found) {
          report.skipped++;
          continue;
        }
        const made = await entry(label, () => api.stays.request.mutate({ homeId, ...request }));
        if (status === "accepted") await entry(label, () => admin.stays.accept.mutate({ id: made.id }));
        report.created.stays++;
      }
    })();
  } catch (err) {
    throw new SeedStopped(
      places.where(at),
      remoteFailureIn(err)?.message ?? messageOf(err),
      target.atomic ? null : report,
    );
  }
  return report;
}

/**
 * A run that stopped at an entry: its place in the file (`seed.yaml:14:5`), why, and what had been
 * written before it — nothing on this machine's database (one transaction), and on a server what
 * the report counted, which a second run finds and leaves as it is.
 */
export class SeedStopped extends CommandFailed {
  constructor(
    readonly where: string,
    readonly reason: string,
    readonly written: SeedReport | null,
  ) {
    super(
      `${where}: ${reason}\n${
        written
          ? `Written before it stopped: ${createdText(written)}. Run it again once this is fixed: what is there is found and left as it is.`
          : "Nothing was written (the run is one transaction)."
      }`,
    );
  }
}

/** "2 users, 0 invitationCodes, …": what a run created. */
const createdText = (report: SeedReport) =>
  Object.entries(report.created)
    .map(([k, n]) => `${n} ${k}`)
    .join(", ");

/** "Seeded: 1 users, …; 3 already present; 2 differ (run with --update to apply).", after a line per difference. */
export function describeReport(report: SeedReport): string[] {
  const lines = [
    ...report.differs.map((d) => `${d.entry} differs: ${d.fields.join(", ")}`),
    ...report.updated.map((d) => `${d.entry} updated: ${d.fields.join(", ")}`),
  ];
  let summary = `Seeded: ${createdText(report)}; ${report.skipped} already present`;
  if (report.differs.length) summary += `; ${report.differs.length} differ (run with --update to apply)`;
  if (report.updated.length) summary += `; ${report.updated.length} updated`;
  return [...lines, `${summary}.`];
}
