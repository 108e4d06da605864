import { type Db, homes } from "@club/db";
import { count } from "@club/db/orm";
import { findUserByEmail } from "../domain/account/users";
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
