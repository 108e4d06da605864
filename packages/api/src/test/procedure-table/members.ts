import { AUTHOR, all, hidden, MEMBERS } from "../callers";
import type { ProcedureRow } from "./row";

const profile = { bio: "Architect.", talents: ["Architecture"], interests: ["Travel"], showEmail: false };

/** The directory, profiles, and her own profile (Settings → Profile). */
export const memberRows: ProcedureRow[] = [
  { path: "members.list", tokens: "read", input: () => ({ search: "a", type: "Founding" }), expect: MEMBERS },
  { path: "members.talents", tokens: "read", input: () => undefined, expect: MEMBERS },
  { path: "members.get", tokens: "read", on: "a member", input: (c) => ({ id: c.people.owner.id }), expect: MEMBERS },
  {
    path: "members.get",
    tokens: "read",
    on: "nobody",
    input: () => ({ id: "00000000-0000-4000-8000-000000000000" }),
    expect: { ...all("NOT_FOUND"), anonymous: "UNAUTHORIZED", mustChange: "FORBIDDEN" },
  },
  { path: "profile.get", tokens: "read", input: () => undefined, expect: MEMBERS },
  { path: "profile.update", tokens: "admin", input: () => profile, expect: MEMBERS },
  { path: "profile.removePortrait", tokens: "admin", input: () => undefined, expect: MEMBERS },
  { path: "profile.setShowcase", tokens: "admin", on: "nothing", input: () => ({ media: [] }), expect: MEMBERS },
  // Only her own uploads, admins included: the owner uploaded the cell's media.
  {
    path: "profile.setShowcase",
    tokens: "admin",
    on: "the owner's",
    input: (c) => ({ media: [c.openMedia] }),
    expect: AUTHOR,
  },
  {
    path: "profile.setShowcase",
    tokens: "admin",
    on: "the owner's, invite-only",
    input: (c) => ({ media: [c.privateMedia] }),
    expect: hidden(AUTHOR),
  },
];
