import { statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { SeedSource } from "./load";
import type { Path } from "./schema";

/** What the club already has, for the references a file makes outside itself. */
export interface ClubLookup {
  /** Where the club is: this machine's database, or a server's address. */
  name: string;
  memberEmails(): Promise<Set<string>>;
  eventExists(slug: string): Promise<boolean>;
}

/** A media entry's file: relative to the seed file. */
export const mediaPath = (seedFile: string, entry: string) => resolve(dirname(resolve(seedFile)), entry);

const isFile = (path: string) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/**
 * Every reference of the file, each with its line: the media files on disk and, given the club,
 * the members (participants, authors, creators) and events (of media) it names, which must be in
 * the club or in the file itself. Nothing is written.
 */
export async function referenceProblems(source: SeedSource, club: ClubLookup | undefined): Promise<string[]> {
  const { seed, places } = source;
  const problems: string[] = [];
  const fileUsers = new Set(seed.users.map((u) => u.email));
  const fileEvents = new Set(seed.events.map((e) => e.slug));
  const members = club ? await club.memberEmails() : undefined;
  const member = (path: Path, email: string | undefined) => {
    if (!email || !members || fileUsers.has(email) || members.has(email)) return;
    problems.push(places.problem(path, `No member with the e-mail ${email} in ${club?.name} or in the file's users.`));
  };
  for (const [i, e] of seed.events.entries()) {
    member(["events", i, "createdBy"], e.createdBy);
    for (const [j, p] of e.participants.entries()) member(["events", i, "participants", j], p);
    for (const [j, c] of e.comments.entries()) member(["events", i, "comments", j, "author"], c.author);
  }
  for (const [i, m] of seed.media.entries()) {
    member(["media", i, "author"], m.author);
    for (const [j, c] of m.comments.entries()) member(["media", i, "comments", j, "author"], c.author);
    const path = mediaPath(places.file, m.file);
    if (!isFile(path)) problems.push(places.problem(["media", i, "file"], `No file at ${path}.`));
    if (m.event && club && !fileEvents.has(m.event) && !(await club.eventExists(m.event))) {
      problems.push(
        places.problem(
          ["media", i, "event"],
          `No event with the slug ${m.event} in ${club.name} or in the file's events.`,
        ),
      );
    }
  }
  for (const [i, h] of seed.homes.entries()) member(["homes", i, "host"], h.host);
  // A stay's home is found by its title when the run gets there (in the file's homes or the club's).
  for (const [i, st] of seed.stays.entries()) member(["stays", i, "guest"], st.guest);
  return problems;
}

/** A remote target's token: whose it is and what it may do. */
export interface SeedToken {
  owner: string;
  scope: "read" | "seed" | "admin";
}

/**
 * What the token's scope would refuse, found before anything is written: a `read` token writes
 * nothing, and a `seed` token makes no administrator (the access module keeps rights to `admin`
 * tokens), so a new member the file makes an administrator would stop the run there.
 */
export function scopeProblems(source: SeedSource, token: SeedToken, members: Set<string>): string[] {
  const { seed, places } = source;
  if (token.scope === "read") {
    return [
      places.problem(
        [],
        `The token of ${token.owner} may only read (scope "read"), and seeding writes. Use a token with the "seed" or "admin" scope.`,
      ),
    ];
  }
  if (token.scope !== "seed") return [];
  return seed.users.flatMap((u, i) =>
    u.admin && !members.has(u.email)
      ? [
          places.problem(
            ["users", i, "admin"],
            `Making ${u.email} an administrator takes a token with the "admin" scope; this one's is "seed".`,
          ),
        ]
      : [],
  );
}

/**
 * Authorship a server cannot keep: through the API every entry is written as the token's owner,
 * so an event's `createdBy` and the authors of comments and media who are someone else become
 * her. Each is a warning with its line (the run goes on; on this machine's database they are kept).
 */
export function authorshipWarnings(source: SeedSource, owner: string): string[] {
  const { seed, places } = source;
  const warnings: string[] = [];
  const note = (path: Path, who: string | undefined, what: string) => {
    if (who && who !== owner) {
      warnings.push(
        places.problem(
          path,
          `${what} by ${owner} (the token's owner), not ${who}: a server keeps no other author for what a token writes.`,
        ),
      );
    }
  };
  for (const [i, e] of seed.events.entries()) {
    note(["events", i, "createdBy"], e.createdBy, "The event will be created");
    for (const [j, c] of e.comments.entries())
      note(["events", i, "comments", j, "author"], c.author, "The comment will be written");
  }
  for (const [i, m] of seed.media.entries()) {
    note(["media", i, "author"], m.author, "The file will be uploaded");
    for (const [j, c] of m.comments.entries())
      note(["media", i, "comments", j, "author"], c.author, "The comment will be written");
  }
  for (const [i, st] of seed.stays.entries()) note(["stays", i, "guest"], st.guest, "The stay will be asked for");
  return warnings;
}
