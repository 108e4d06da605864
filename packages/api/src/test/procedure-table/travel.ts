import { ADMINS, all, type Expect, MEMBERS, PUBLIC } from "../callers";
import {
  acceptedStay,
  homeBlock,
  homeFeedSecret,
  homePhoto,
  hostedHome,
  pastStay,
  requestedStay,
  roomForAHome,
} from "../row-inputs";
import type { ProcedureRow } from "./row";

// On `other`'s home (she is the Travel Host) and on `founding`'s request to stay in it.
/** Listing a home: Travel Hosts and admins. */
const HOSTS: Expect = { ...all("FORBIDDEN"), anonymous: "UNAUTHORIZED", other: "ok", admin: "ok" };
/** Changing `other`'s home: she and admins. */
const HOST_OR_ADMIN = HOSTS;
/** A stay is her guest's, her host's and the admins'; to anyone else it does not exist. */
const STAY_PARTIES: Expect = {
  ...all("NOT_FOUND"),
  anonymous: "UNAUTHORIZED",
  mustChange: "FORBIDDEN",
  founding: "ok",
  other: "ok",
  admin: "ok",
};
/** Answered by the host or an admin; the guest may not answer her own request. */
const STAY_HOSTS: Expect = { ...STAY_PARTIES, founding: "FORBIDDEN" };

const home = {
  title: "Garden flat",
  kind: "Flat",
  city: "Lisbon",
  country: "Portugal",
  address: "Rua das Flores 12",
  sleeps: 2,
  bedrooms: 1,
  nightly_rate: 150,
  time_zone: "Europe/Lisbon",
};

/** Travel: homes, their windows, and stays. */
export const travelRows: ProcedureRow[] = [
  { path: "homes.list", tokens: "read", input: () => ({ place: "Italy" }), expect: MEMBERS },
  { path: "homes.get", tokens: "read", input: async (c) => ({ id: await hostedHome(c) }), expect: MEMBERS },
  { path: "homes.mine", tokens: "read", input: () => undefined, expect: MEMBERS },
  {
    path: "homes.month",
    tokens: "read",
    input: async (c) => ({ id: await hostedHome(c), month: "2031-07" }),
    expect: MEMBERS,
  },
  {
    path: "homes.create",
    tokens: "seed",
    input: async (c) => {
      await roomForAHome(c);
      return home;
    },
    expect: HOSTS,
  },
  {
    path: "homes.update",
    tokens: "admin",
    input: async (c) => ({ id: await hostedHome(c), sleeps: 6 }),
    expect: HOST_OR_ADMIN,
  },
  { path: "homes.delete", tokens: "admin", input: async (c) => ({ id: await hostedHome(c) }), expect: HOST_OR_ADMIN },
  {
    path: "homes.block",
    tokens: "admin",
    input: async (c) => ({ id: await hostedHome(c), from: "2031-07-20", to: "2031-07-25" }),
    expect: HOST_OR_ADMIN,
  },
  { path: "homes.unblock", tokens: "admin", input: homeBlock, expect: HOST_OR_ADMIN },
  {
    path: "homes.calendarLink",
    tokens: "admin",
    input: async (c) => ({ id: await hostedHome(c) }),
    expect: HOST_OR_ADMIN,
  },
  // The link's secret is the credential: an unknown one finds nothing, signed in or not.
  {
    path: "homes.calendarFeed",
    tokens: "read",
    on: "unknown secret",
    input: () => ({ secret: "nope" }),
    expect: all("NOT_FOUND"),
  },
  {
    path: "homes.calendarFeed",
    tokens: "read",
    on: "a home's secret",
    input: async (c) => ({ secret: await homeFeedSecret(c) }),
    expect: PUBLIC,
  },
  { path: "homes.removePhoto", tokens: "admin", input: homePhoto, expect: HOST_OR_ADMIN },
  {
    path: "homes.setWindows",
    tokens: "seed",
    input: async (c) => ({ id: await hostedHome(c), windows: [{ from: "2031-09-01", to: "2031-09-15" }] }),
    expect: HOST_OR_ADMIN,
  },
  {
    path: "stays.request",
    tokens: "seed",
    input: async (c) => ({ homeId: await hostedHome(c), arrive: "2031-07-03", depart: "2031-07-06", guests: 2 }),
    // Her own home is not hers to ask for: she blocks its nights instead.
    expect: { ...MEMBERS, other: "BAD_REQUEST" },
  },
  { path: "stays.list", tokens: "read", input: () => undefined, expect: MEMBERS },
  { path: "stays.get", tokens: "read", input: async (c) => ({ id: await requestedStay(c) }), expect: STAY_PARTIES },
  {
    path: "stays.calendarFile",
    tokens: "read",
    input: async (c) => ({ id: await requestedStay(c) }),
    expect: STAY_PARTIES,
  },
  { path: "stays.accept", tokens: "seed", input: async (c) => ({ id: await requestedStay(c) }), expect: STAY_HOSTS },
  {
    path: "stays.decline",
    tokens: "admin",
    input: async (c) => ({ id: await requestedStay(c), message: "We are away that week." }),
    expect: STAY_HOSTS,
  },
  {
    path: "stays.cancel",
    tokens: "admin",
    input: async (c) => ({ id: await requestedStay(c), reason: "Plans changed." }),
    expect: STAY_PARTIES,
  },
  // A note about a stay is its guest's alone, once it is over.
  {
    path: "stays.review",
    tokens: "admin",
    input: async (c) => ({ id: await pastStay(c), text: "A wonderful week." }),
    expect: { ...STAY_PARTIES, other: "FORBIDDEN", admin: "FORBIDDEN" },
  },
  // The club's ledger: admins only.
  { path: "ledger.list", tokens: "read", input: () => undefined, expect: ADMINS },
  {
    path: "ledger.record",
    tokens: "admin",
    input: async (c) => ({ stayId: await acceptedStay(c), method: "Bank transfer" }),
    expect: ADMINS,
  },
];
