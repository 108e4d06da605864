import { applicationProperties, applications, type Db, profiles, users } from "@club/db";
import { count } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import type { MediaStore } from "@club/storage";
import { createUser, findUserByEmail } from "../domain/account/users";
import { operatorActor } from "../domain/audit/record";
import { issueInvitationCode, listInvitationCodes } from "../domain/membership/invitation-codes";
import { seedEvents } from "./events";
import { seedMedia } from "./media";
import { seedPortraits } from "./portraits";
import { seedHomePhotos, seedTravel } from "./travel";

/** The demo accounts; the password is the same for all and printed at first start. */
export const DEMO_PASSWORD = "club-demo-2026";
export const DEMO_USERS = [
  { email: "admin@club.local", name: "Alexandra Admin", type: "Founding", admin: true },
  { email: "founding@club.local", name: "Fiona Founding", type: "Founding", admin: false },
  { email: "standard@club.local", name: "Sofia Standard", type: "Standard", admin: false },
  { email: "host@club.local", name: "Helena Host", type: "Travel Host", admin: false },
] as const;

/** What the demo members say about themselves, so the directory and profiles show a club at first start. */
const DEMO_PROFILES: Record<
  (typeof DEMO_USERS)[number]["email"],
  { bio: string; talents: string[]; interests: string[] }
> = {
  "admin@club.local": {
    bio: "Secretary of the club since its first evening. Twenty years in hospitality, from Lisbon to Singapore; I keep the calendar honest and the welcome warm.",
    talents: ["Hospitality", "Event planning", "Portuguese"],
    interests: ["Travel", "Shows"],
  },
  "founding@club.local": {
    bio: "Architect and watercolourist. I run a studio of twelve in Boston and paint the buildings I wish we had built. Ask me about light.",
    talents: ["Architecture", "Watercolour", "Public speaking"],
    interests: ["Showcases", "Workshops"],
  },
  "standard@club.local": {
    bio: "Chief financial officer by day, ceramicist by night. New to the club and glad to be here.",
    talents: ["Finance", "Ceramics"],
    interests: ["Workshops"],
  },
  "host@club.local": {
    bio: "I host members at our farmhouse in the hills above Lucca: olive harvests, long tables, slow mornings.",
    talents: ["Hosting", "Olive oil", "Italian cooking"],
    interests: ["Travel"],
  },
};

export interface DemoSeedResult {
  created: string[];
  adminEmail: string;
  password: string;
  /** The code made by this run; absent when a usable code existed already (codes are stored hashed, so only a new one can be shown). */
  invitationCode?: string;
}

/** Idempotent: existing accounts are kept as they are; only what is missing is added. */
export async function seedDemo(db: Db, store: MediaStore, jobs?: JobSender): Promise<DemoSeedResult> {
  const created: string[] = [];
  for (const u of DEMO_USERS) {
    if (await findUserByEmail(db, u.email)) continue;
    const user = await createUser(db, { ...u, password: DEMO_PASSWORD });
    await db
      .insert(profiles)
      .values({ userId: user.id, ...DEMO_PROFILES[u.email] })
      .onConflictDoNothing();
    created.push(u.email);
  }
  // Only those made now: a demo member who took her portrait away later keeps it away.
  await seedPortraits(db, store, created);
  await seedApplications(db);
  await seedEvents(db, "founding@club.local");
  await seedMedia(db, store, jobs);
  await seedTravel(db);
  await seedHomePhotos(db, store);
  const hasActiveCode = (await listInvitationCodes(db)).some((c) => c.status === "active");
  const invitationCode = hasActiveCode
    ? undefined
    : (await issueInvitationCode(db, { maxUses: 25 }, operatorActor)).code;
  return {
    created,
    adminEmail: DEMO_USERS[0].email,
    password: DEMO_PASSWORD,
    ...(invitationCode ? { invitationCode } : {}),
  };
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/** Sample applications in each review state, added once. */
async function seedApplications(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(applications);
  if ((row?.n ?? 0) > 0) return;
  const base = {
    phone: "+1-5550100200",
    availability: "Flexible",
    referral: "A member's recommendation",
    comments: null,
  };
  const inserted = await db
    .insert(applications)
    .values([
      {
        ...base,
        fullName: "Priya Raman",
        email: "priya.raman@example.com",
        reason: "I want time for painting again, among women who understand the pace of my work.",
        interests: ["Workshops", "Showcases"],
        membershipType: "Standard",
        accepted: null,
      },
      {
        ...base,
        fullName: "Claire Dubois",
        email: "claire.dubois@example.com",
        reason: "I host a farmhouse in Provence and would love to share it with the club.",
        interests: ["Travel", "Shows"],
        membershipType: "Travel Host",
        accepted: null,
      },
      {
        ...base,
        fullName: "Mei Tanaka",
        email: "mei.tanaka@example.com",
        reason: "Tea ceremony and writing are what I do outside the boardroom.",
        interests: ["Workshops"],
        membershipType: "Standard",
        accepted: true,
        decidedAt: new Date(),
      },
      {
        ...base,
        fullName: "Jordan Blake",
        email: "jordan.blake@example.com",
        reason: "Looking for new clients and a job change.",
        interests: ["Shows"],
        membershipType: "Standard",
        accepted: false,
        decidedAt: new Date(),
      },
    ])
    .returning({ id: applications.id, membershipType: applications.membershipType });
  const host = inserted.find((a) => a.membershipType === "Travel Host");
  if (host) {
    await db.insert(applicationProperties).values({
      applicationId: host.id,
      address: "Chemin des Oliviers, Gordes, France",
      type: "Farmhouse",
      description: "Stone farmhouse with four bedrooms and a lavender garden.",
      availability: "Seasonal",
    });
  }
}
