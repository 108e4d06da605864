import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Db, homes, media } from "@club/db";
import { asc, count, eq, isNotNull } from "@club/db/orm";
import type { MediaStore } from "@club/storage";
import sharp from "sharp";
import { findUserByEmail } from "../domain/account/users";
import { ingestMediaFile } from "../domain/media/ingest";
import { createHome, type HomeInput, setWindows } from "../domain/travel/homes";
import { todayIn } from "../domain/travel/rules";
import { acceptStay, requestStay } from "../domain/travel/stays";

const DEMO_HOMES: Omit<HomeInput, "timeZone">[] = [
  {
    title: "Olive grove villa",
    kind: "Villa",
    region: "Tuscany",
    city: "Montepulciano",
    country: "Italy",
    address: "Via delle Ville 14, 53045 Montepulciano",
    sleeps: 6,
    bedrooms: 3,
    amenities: ["Pool", "Olive grove", "Wifi", "Kitchen"],
    description: "A stone farmhouse among the olives, with a long table under the pergola and the hills all round.",
    houseRules: "No smoking indoors. Quiet after 10 pm.",
    nightlyRateCents: 40_000,
    minNights: 3,
  },
  {
    title: "Garden flat in Alfama",
    kind: "Flat",
    region: "Lisbon",
    city: "Lisbon",
    country: "Portugal",
    address: "Rua das Flores 12, 2nd floor, 1100 Lisbon",
    sleeps: 2,
    bedrooms: 1,
    amenities: ["Terrace", "River view", "Wifi"],
    description: "A quiet flat above a garden, ten minutes on foot from the river and the old town.",
    houseRules: "Please water the lemon tree.",
    nightlyRateCents: 18_000,
    minNights: 2,
  },
  {
    title: "Lake cabin",
    kind: "Cabin",
    region: "Alberta",
    city: "Banff",
    country: "Canada",
    address: "1 Lake Road, Banff",
    sleeps: 4,
    bedrooms: 2,
    amenities: ["Fireplace", "Canoe", "Sauna"],
    description: "A cedar cabin on the water's edge; the canoe is yours.",
    houseRules: "Bring the canoe in at night.",
    nightlyRateCents: 25_000,
    minNights: 2,
  },
];
const ZONES = ["Europe/Rome", "Europe/Lisbon", "America/Edmonton"];

const DAY_MS = 86_400_000;
const after = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The demo's Travel: Helena Host's three homes, open for the next six months from the day the demo
 * is made, and Fiona Founding's accepted stay in the villa a month ahead (dates from today, so the
 * demo never begins in the past).
 */
export async function seedTravel(db: Db, now = new Date()): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(homes);
  if ((existing?.n ?? 0) > 0) return;
  const host = await findUserByEmail(db, "host@club.local");
  const guest = await findUserByEmail(db, "founding@club.local");
  if (!host || !guest) return;
  const ids: string[] = [];
  for (const [i, home] of DEMO_HOMES.entries()) {
    const timeZone = ZONES[i] ?? "UTC";
    const { id } = await createHome(db, host.id, { ...home, timeZone });
    const today = todayIn(timeZone, now);
    await setWindows(db, id, [{ from: after(today, 1), to: after(today, 181) }]);
    ids.push(id);
  }
  const [villa] = ids;
  if (!villa) return;
  const villaToday = todayIn("Europe/Rome", now);
  const stay = await requestStay(
    db,
    { id: guest.id, type: "Founding" },
    villa,
    { arrive: after(villaToday, 30), depart: after(villaToday, 35), guests: 2, message: "Two of us, for the harvest." },
    now,
  );
  await acceptStay(db, stay.id, now);
}

type Scene = [sky: string, horizon: string, hills: string, walls: string];
const SCENES: [Scene, ...Scene[]] = [
  ["#f3d9a4", "#e9b778", "#6f7d4a", "#efe4d2"],
  ["#bcd7e8", "#f4e3c3", "#8a9a6b", "#f7f1e6"],
  ["#2b3a55", "#c98b6b", "#2f4a3a", "#d9c7a8"],
];

/** Generated pictures of a home (no outside files): a sky, hills and a house, in each home's light. */
function homeScene(home: number, view: number): string {
  const [sky, horizon, hills, walls] = SCENES[home % SCENES.length] ?? SCENES[0];
  const x = 380 + view * 260;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${horizon}"/></linearGradient></defs>
<rect width="1200" height="800" fill="url(#s)"/>
<circle cx="${900 - view * 500}" cy="${200 + view * 40}" r="70" fill="#fff6e0" opacity="0.85"/>
<path d="M0 560 Q 300 ${440 + view * 30} 600 540 T 1200 520 V 800 H 0 Z" fill="${hills}" opacity="0.75"/>
<path d="M0 640 Q 400 560 800 640 T 1200 620 V 800 H 0 Z" fill="${hills}"/>
<rect x="${x}" y="470" width="260" height="170" fill="${walls}"/>
<path d="M${x - 20} 480 L ${x + 130} 380 L ${x + 280} 480 Z" fill="#8c4f3a"/>
<rect x="${x + 110}" y="560" width="44" height="80" fill="#5a3a2a"/>
<rect x="${x + 36}" y="510" width="44" height="40" fill="#f3e2a9"/><rect x="${x + 180}" y="510" width="44" height="40" fill="#f3e2a9"/>
</svg>`;
}

/**
 * Two pictures for each of the demo's homes that has none, through the gallery's pipeline (copies,
 * blurred preview, no metadata), as a host's upload would be.
 */
export async function seedHomePhotos(db: Db, store: MediaStore): Promise<void> {
  const [withPhotos] = await db.select({ n: count() }).from(media).where(isNotNull(media.homeId));
  if ((withPhotos?.n ?? 0) > 0) return;
  const host = await findUserByEmail(db, "host@club.local");
  if (!host) return;
  const rows = await db
    .select({ id: homes.id, title: homes.title })
    .from(homes)
    .where(eq(homes.hostId, host.id))
    .orderBy(asc(homes.createdAt));
  const dir = mkdtempSync(join(tmpdir(), "club-seed-homes-"));
  try {
    for (const [i, home] of rows.entries()) {
      for (const view of [0, 1]) {
        const path = join(dir, `${i}-${view}.jpg`);
        writeFileSync(
          path,
          await sharp(Buffer.from(homeScene(i, view)))
            .jpeg({ quality: 85 })
            .toBuffer(),
        );
        const filename = `${home.title}${view ? " from the garden" : ""}.jpg`;
        await ingestMediaFile(
          db,
          store,
          { path, size: statSync(path).size, filename },
          { uploadedBy: host.id, associatedEventId: null, homeId: home.id },
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
