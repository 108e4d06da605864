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
  return problems;
}
