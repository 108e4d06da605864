import { ADDRESS_TO_ADMINS, AUTHOR, all, hidden, MEMBERS } from "../callers";
import type { ProcedureRow } from "./row";

const profile = { bio: "Architect.", talents: ["Architecture"], interests: ["Travel"], showEmail: false };

/** The directory, profiles, her own profile (Settings → Profile), and her notifications. */
export const memberRows: ProcedureRow[] = [
  { path: "members.list", tokens: "read", input: () => ({ search: "a", type: "Founding" }), expect: MEMBERS },
  { path: "members.talents", tokens: "read", input: () => undefined, expect: MEMBERS },
  // The directory's card and the profile of the member who hides her address: without it, but to admins.
  {
    path: "members.list",
    tokens: "read",
    on: "one who hides her address",
    input: () => ({ search: "victim" }),
    expect: MEMBERS,
    addresses: ADDRESS_TO_ADMINS,
  },
  { path: "members.get", tokens: "read", on: "a member", input: (c) => ({ id: c.people.owner.id }), expect: MEMBERS },
  {
    path: "members.get",
    tokens: "read",
    on: "one who hides her address",
    input: (c) => ({ id: c.people.victim.id }),
    expect: MEMBERS,
    addresses: ADDRESS_TO_ADMINS,
  },
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
  { path: "notifications.list", tokens: "read", input: () => ({ limit: 10 }), expect: MEMBERS },
  { path: "notifications.unread", tokens: "read", input: () => undefined, expect: MEMBERS },
  // Another's notification id changes nothing: marking is of her own rows only.
  {
    path: "notifications.read",
    tokens: "admin",
    input: () => ({ ids: ["00000000-0000-4000-8000-000000000002"] }),
    expect: MEMBERS,
  },
  { path: "notifications.readAll", tokens: "admin", input: () => undefined, expect: MEMBERS },
  { path: "notifications.live", tokens: "read", input: () => undefined, expect: MEMBERS },
  { path: "notifications.prefs", tokens: "read", input: () => undefined, expect: MEMBERS },
  {
    path: "notifications.setPrefs",
    tokens: "admin",
    input: () => ({ kinds: [{ kind: "like", inApp: false, email: true }], digest: "weekly" }),
    expect: MEMBERS,
  },
];
