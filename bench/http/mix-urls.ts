// The realistic mix's URLs: the SPA's own calls, made by the very client (superjson, httpBatchLink)
// it uses, with the inputs and batches the app sends.
import { createClubClient } from "@club/client";
import type { MixFixture } from "./mix-seed";

export interface Read {
  /** The procedures of the batch, e.g. `events.get,auth.me`. */
  name: string;
  path: string;
}

/** The comments section's page (COMMENTS_PAGE in @club/shared). */
const COMMENTS_PAGE = 20;

/** An infinite query's first page (or a later one): the input with the direction the SPA adds. */
export const page = <T extends object>(input: T, direction: "forward" | "backward" = "forward") =>
  ({ ...input, direction }) as T;

export async function spaUrls(address: string, fixture: MixFixture): Promise<Read[]> {
  const me = fixture.members[5]!; // an ordinary (Standard) member
  const seen: Read[] = [];
  const client = createClubClient({
    url: address,
    fetch: async (input, init) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      const headers = new Headers(init?.headers);
      headers.set("cookie", me.cookie);
      if ((init?.method ?? "GET") === "GET") {
        seen.push({ name: url.pathname.replace("/trpc/", ""), path: url.pathname + url.search });
      }
      return fetch(input, { ...init, headers });
    },
  });
  const pick = <T>(items: T[], n: number, step = 1) =>
    Array.from({ length: n }, (_, i) => items[(i * step) % items.length]!);
  const months = Array.from({ length: 13 }, (_, i) => {
    const d = new Date();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() - 6 + i);
    return d.toISOString().slice(0, 7);
  });
  /** The month view's range: whole weeks, Sunday first (calendar.tsx's monthInput). */
  const monthRange = (month: string) => {
    const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
    const first = new Date(Date.UTC(y, m - 1, 1));
    const last = new Date(Date.UTC(y, m, 0));
    const day = (d: Date) => d.toISOString().slice(0, 10);
    return {
      from: day(new Date(first.getTime() - first.getUTCDay() * 86_400_000)),
      to: day(new Date(last.getTime() + (6 - last.getUTCDay()) * 86_400_000)),
      limit: 200,
    };
  };

  // Opening the app: the guard's status, the bell, her home.
  await client.auth.status.query();
  await client.notifications.unread.query();
  await client.home.get.query();
  await client.notifications.list.query(page({ limit: 20 }));

  // Events: the list as it opens (upcoming, 24 a page), sorted, filtered, searched, paged both ways.
  const list = { upcoming: true, limit: 24 };
  const first = await client.events.list.query(page(list));
  if (first.nextCursor) await client.events.list.query(page({ ...list, cursor: first.nextCursor }));
  if (first.previousCursor) await client.events.list.query(page({ ...list, cursor: first.previousCursor }, "backward"));
  await client.events.list.query(page({ ...list, sort: "desc" as const }));
  for (const mine of ["joined", "created", "invited"] as const) await client.events.list.query(page({ ...list, mine }));
  for (const search of ["wine", "jazz", "book club", "salon", "boston", "picnic"])
    await client.events.list.query(page({ search, ...list }));
  // The month view: this month and six either side; two months searched.
  for (const month of months) await client.events.list.query(page(monthRange(month)));
  for (const month of months.slice(6, 8))
    await client.events.list.query(page({ search: "jazz", ...monthRange(month) }));

  // Event pages: opened from outside (the loader's batch with auth.me) or from the list (events.get
  // alone); their comments tab, their images tab.
  const eventIds = [...fixture.busyEvents.slice(0, 8), ...pick(fixture.events, 8, 7)];
  for (const [i, id] of eventIds.entries()) {
    if (i % 3 === 0) await Promise.all([client.events.get.query({ id }), client.auth.me.query()]);
    else await client.events.get.query({ id });
    await client.comments.page.query(page({ commentableId: id, limit: COMMENTS_PAGE }));
    if (i % 2 === 0) await client.images.byEvent.query({ eventId: id });
  }

  // The gallery: opened (with auth.me), its next pages, by tag, by event, by member; tag suggestions;
  // an item (linked) and its comments.
  const gallery = { limit: 60 };
  const [, g1] = await Promise.all([client.auth.me.query(), client.media.list.query(page(gallery))]);
  await client.media.list.query(page(gallery));
  let cursor = g1.nextCursor;
  for (let i = 0; i < 2 && cursor; i++)
    cursor = (await client.media.list.query(page({ ...gallery, cursor }))).nextCursor;
  for (const tag of ["salon", "gala", "portrait", "summer", "jazz", "tag-3", "tag-17", "wine"])
    await client.media.list.query(page({ tag, ...gallery }));
  for (const eventId of fixture.busyEvents.slice(0, 3)) await client.media.list.query(page({ ...gallery, eventId }));
  for (const m of pick(fixture.members, 2, 37)) {
    await Promise.all([
      client.media.list.query(page({ ...gallery, uploader: m.id })),
      client.members.get.query({ id: m.id }),
    ]);
  }
  for (const prefix of ["s", "sa", "t", "ta", "tag-1", "g", "wi", "j"]) await client.media.tags.query({ prefix });
  for (const id of fixture.media.slice(0, 8)) {
    await client.media.get.query({ id });
    await client.comments.page.query(page({ commentableId: id, limit: COMMENTS_PAGE }));
  }

  // Members: the directory (by type, searched), its talents, profiles (their uploads and hosted events).
  await client.members.list.query(page({ limit: 24 }));
  await client.members.talents.query();
  for (const type of ["Founding", "Travel Host"] as const) await client.members.list.query(page({ type, limit: 24 }));
  for (const search of ["grace", "member 1"]) await client.members.list.query(page({ search, limit: 24 }));
  for (const m of pick(fixture.members, 3, 41)) {
    await Promise.all([
      client.members.get.query({ id: m.id }),
      client.media.list.query({ uploader: m.id, limit: 12 }),
      client.events.list.query({ host: m.id, upcoming: true, limit: 6 }),
    ]);
  }
  // Each URL once (the same batch asked twice above is one URL).
  return [...new Map(seen.map((r) => [r.path, r])).values()];
}
