// A script in a project of its own, outside the workspace, with @club/client installed from its
// tarball: what a club's developer writes. The test of the packed client type-checks it with
// `tsc --strict` and runs it with node against the server as `pnpm start` runs it.
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createClubClient,
  IDEMPOTENCY_KEY_CONTEXT,
  isClubError,
  type RouterInputs,
  type RouterOutputs,
  uploadMedia,
} from "@club/client";
import { Ajv2020 } from "ajv/dist/2020.js";
import { Webhook } from "standardwebhooks";

const { CLUB_URL: url, CLUB_TOKEN: token, PHOTO: photo, VIDEO: video } = process.env;
if (!url || !token || !photo || !video) throw new Error("Set CLUB_URL, CLUB_TOKEN, PHOTO and VIDEO.");
const club = createClubClient({ url, token, timeoutMs: 20_000 });

// A receiver of the club's webhooks: each message is checked against the secret shown once (and,
// after a rotation, against the old one too: both sign until the old one expires). While `down`,
// it answers 503, as a receiver being mended does.
let secret = "";
let oldSecret = "";
let down = false;
let refused = 0;
type Heard = { type: string; data: { id?: string; eventId?: string | null }; oldSigned: boolean };
const heard: Heard[] = [];
const verifies = (key: string, body: string, headers: Record<string, string>) => {
  try {
    return new Webhook(key).verify(body, headers) as Heard;
  } catch {
    return undefined;
  }
};
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    if (down) {
      refused += 1;
      return res.writeHead(503).end();
    }
    const body = Buffer.concat(chunks).toString("utf8");
    const headers = req.headers as Record<string, string>;
    const message = verifies(secret, body, headers);
    if (!message) return res.writeHead(400).end();
    heard.push({ ...message, oldSigned: oldSecret !== "" && verifies(oldSecret, body, headers) !== undefined });
    res.writeHead(204).end();
  });
});
/** Waits until `done` holds (the server's job queue delivers a moment after each act). */
const until = async (done: () => boolean, what: string, seconds = 15) => {
  for (let waited = 0; !done(); waited += 100) {
    if (waited > seconds * 1000) throw new Error(`${what} did not happen within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
};
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const hooks = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
const added = await club.webhooks.add.mutate({
  name: "Outside",
  url: hooks,
  events: ["event.created", "media.uploaded"],
});
secret = added.secret;
console.log(`webhook: ${added.webhook.events.join(", ")}`);

const before: RouterOutputs["events"]["list"] = await club.events.list.query({ search: "From outside" });
console.log(`events before: ${before.items.length}`);
const event = await club.events.create.mutate({ title: "From outside", event_date: "2031-05-01" });
console.log(`created: ${event.slug} on ${event.event_date}`);
const listed = await club.events.list.query({ search: "From outside" });
console.log(`listed: ${listed.items.map((e) => e.title).join(", ")}`);

const picture = await uploadMedia({ url, token }, { file: photo, eventId: event.id });
const where = picture.associated_event_id === event.id ? "the event" : "no event";
console.log(`photo: ${picture.media_type} for ${where}, dated ${picture.upload_date instanceof Date}`);

const size = statSync(video).size;
let sent = 0;
const clip = await uploadMedia(
  { url, token },
  {
    file: createReadStream(video),
    name: "clip.mp4",
    size,
    onProgress: (progress) => {
      sent = progress.sent;
    },
  },
);
console.log(`video: ${clip.media_type}, ${sent} of ${size} bytes sent`);

// Delivered by the server's job queue, in order, a moment after each act.
await until(() => heard.length >= 3, "three messages");
const told = heard.map((m) => (m.type === "event.created" && m.data.id === event.id ? "event.created (it)" : m.type));
console.log(`heard, signed: ${told.join(", ")}`);

// A new secret: the old one still signs beside it (for a day), so receivers can change over.
const hookId = added.webhook.id;
oldSecret = secret;
secret = (await club.webhooks.rotateSecret.mutate({ id: hookId })).secret;
await club.webhooks.ping.mutate({ id: hookId });
await until(() => heard.some((m) => m.type === "webhook.ping"), "the test message");
const ping = heard.find((m) => m.type === "webhook.ping");
console.log(`rotated: the test message signed by the new secret${ping?.oldSigned ? " and the old" : " only"}`);

// The receiver is down when an event is created: the message waits. Mended, "retry now" sends it.
down = true;
const second = await club.events.create.mutate({ title: "Second from outside", event_date: "2031-05-02" });
await until(() => refused > 0, "a refused delivery");
down = false;
const retried = await club.webhooks.retryNow.mutate({ id: hookId });
await until(() => heard.some((m) => m.data.id === second.id), "the waiting message");
console.log(`retry now: ${retried.message} Heard after ${refused} refused.`);
receiver.close();
await club.webhooks.remove.mutate({ id: hookId });

// A create retried with its Idempotency-Key (a CI job whose answer was lost) makes one event.
const retry = () =>
  fetch(`${url}/api/events`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "idempotency-key": "outside-script-1",
    },
    body: JSON.stringify({ title: "Once from outside", event_date: "2031-05-03" }),
  });
const [first, again] = [await retry(), await retry()];
const ids = [((await first.json()) as { id: string }).id, ((await again.json()) as { id: string }).id];
const once = await club.events.list.query({ search: "Once from outside" });
console.log(
  `idempotent: ${ids[0] === ids[1] ? "the same event" : "two events"}, replayed ${again.headers.get("idempotent-replayed")}, ${once.items.length} listed`,
);
// The same through the client: a mutation given a retry key (a webhook added by a CI job that
// retries) is done once, and the retry gets the first answer, its secret included.
const keyed = { context: { [IDEMPOTENCY_KEY_CONTEXT]: "outside-hook-1" } };
const ciHook = { name: "Added by CI", url: hooks, events: ["event.created" as const] };
const [hookOnce, hookAgain] = [
  await club.webhooks.add.mutate(ciHook, keyed),
  await club.webhooks.add.mutate(ciHook, keyed),
];
const ciHooks = (await club.webhooks.list.query()).filter((w) => w.name === ciHook.name);
console.log(
  `idempotent through the client: ${hookOnce.webhook.id === hookAgain.webhook.id && hookOnce.secret === hookAgain.secret ? "the same webhook and secret" : "two webhooks"}, ${ciHooks.length} listed`,
);
await club.webhooks.remove.mutate({ id: hookOnce.webhook.id });
// The token's allowance, told on each answer a call made (a replay calls nothing).
const policy = first.headers.get("ratelimit-policy")?.match(/"api-token";q=\d+;w=\d+/)?.[0];
console.log(
  `rate limit: ${policy}, ${/"api-token";r=\d+/.test(first.headers.get("ratelimit") ?? "") ? "left told" : "not told"}`,
);

// A live stream: the event's comments, told at once as it opens, and again when one is added.
let tells = 0;
await new Promise<void>((resolve, reject) => {
  const giveUp = setTimeout(() => reject(new Error("the live stream told nothing within 15 s")), 15_000);
  const stream = club.comments.live.subscribe(
    { commentableId: event.id },
    {
      onData: ({ data }) => {
        tells += 1;
        if (tells === 1) {
          club.comments.create.mutate({ commentableId: data.commentableId, content: "Heard live." }).catch(reject);
          return;
        }
        clearTimeout(giveUp);
        stream.unsubscribe();
        resolve();
      },
      onError: reject,
    },
  );
});
console.log(`live: told ${tells} times of the event's comments`);

// A sync of the members' list: who changed since its last ask (a minute before it), and who went.
const lastAsk = new Date(Date.now() - 60_000);
const newcomer = await club.users.create.mutate({
  email: `sync-${Date.now()}@outside.test`,
  name: "Sync Newcomer",
  password: "password1",
});
const changed = await club.users.list.query({ updated_since: lastAsk });
const hers = changed.find((m) => m.user_id === newcomer.id);
await club.users.delete.mutate({ userId: newcomer.id });
const gone = await club.users.deleted.query({ since: lastAsk });
console.log(
  `sync: ${hers ? `${hers.name} changed at a ${hers.updated_at.constructor.name}` : "the newcomer not listed"}, ${gone.some((g) => g.user_id === newcomer.id) ? "then told deleted" : "not told deleted"}`,
);

// The same of the events: what was made or changed since the last ask, and what went.
const picnic = await club.events.create.mutate({ title: "Sync picnic", event_date: "2031-07-01" });
await club.events.update.mutate({ id: picnic.id, title: "Sync picnic, moved" });
const { items: changedEvents } = await club.events.list.query({ updated_since: lastAsk });
const moved = changedEvents.find((e) => e.id === picnic.id);
await club.events.delete.mutate({ id: picnic.id });
const goneEvents = await club.events.deleted.query({ since: lastAsk });
console.log(
  `event sync: ${moved ? `${moved.title} changed at a ${moved.updated_at?.constructor.name}` : "the picnic not listed"}, ${goneEvents.some((g) => g.event_id === picnic.id) ? "then told deleted" : "not told deleted"}`,
);

// Every kind of message, each checked against its schema in the document the server publishes
// (its `webhooks`), with Ajv as any receiver would: an endpoint listening for every event, and one
// act of each kind.
const published = (await (await fetch(`${url}/api/openapi.json`)).json()) as {
  webhooks: Record<string, { post: { requestBody: { content: { "application/json": { schema: object } } } } }>;
};
const kinds = Object.keys(published.webhooks).filter((k) => k !== "webhook.ping");
const ajv = new Ajv2020({ strict: false, allErrors: true });
const checks = new Map(
  kinds.map((k) => [k, ajv.compile(published.webhooks[k]!.post.requestBody.content["application/json"].schema)]),
);
let everySecret = "";
const everyHeard: { type: string; valid: boolean; errors: string }[] = [];
const everyReceiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const message = verifies(
      everySecret,
      Buffer.concat(chunks).toString("utf8"),
      req.headers as Record<string, string>,
    );
    if (message) {
      const check = checks.get(message.type);
      const valid = check?.(message) === true;
      everyHeard.push({ type: message.type, valid, errors: valid ? "" : ajv.errorsText(check?.errors) });
    }
    res.writeHead(message ? 204 : 401).end();
  });
});
await new Promise<void>((resolve) => everyReceiver.listen(0, "127.0.0.1", resolve));
const everyHook = await club.webhooks.add.mutate({
  name: "Every kind",
  url: `http://127.0.0.1:${(everyReceiver.address() as AddressInfo).port}/every`,
  events: kinds as RouterInputs["webhooks"]["add"]["events"],
});
everySecret = everyHook.secret;
// Members: added, renamed, deleted.
const kind = await club.users.create.mutate({
  email: `every-${Date.now()}@outside.test`,
  name: "Every Kind",
  password: "password1",
});
await club.users.update.mutate({ userId: kind.id, name: "Every Kind Renamed" });
await club.users.delete.mutate({ userId: kind.id });
// Applications: two, with an invitation code; one accepted, one declined.
const { code } = await club.invitationCodes.create.mutate({});
const application = (n: number) => ({
  invitationCode: code,
  full_name: `Applicant ${n}`,
  email: `applicant-${n}-${Date.now()}@outside.test`,
  phone: "+1-5555550100",
  reason: "To meet other executives.",
  interests: ["Travel" as const],
  availability: "Flexible" as const,
  membershipType: "Standard" as const,
});
const [one, two] = [
  await club.applications.submit.mutate(application(1)),
  await club.applications.submit.mutate(application(2)),
];
await club.applications.setStatus.mutate({ id: one.id, accepted: true });
await club.applications.setStatus.mutate({ id: two.id, accepted: false });
// An event: published, edited, a seat taken and given up, a photo and a comment added and removed,
// then cancelled.
const evening = await club.events.create.mutate({ title: "Every kind", event_date: "2031-06-01" });
await club.events.update.mutate({ id: evening.id, title: "Every kind, edited", event_date: "2031-06-01" });
await club.events.leave.mutate({ id: evening.id });
await club.events.join.mutate({ id: evening.id });
await club.events.leave.mutate({ id: evening.id });
const snapshot = await uploadMedia({ url, token }, { file: photo, eventId: evening.id });
await club.media.delete.mutate({ media: [snapshot.id] });
const remark = await club.comments.create.mutate({ commentableId: evening.id, content: "Every kind of message." });
await club.comments.delete.mutate({ id: remark.id });
await club.events.delete.mutate({ id: evening.id });
// Travel: a host's home, listed by the admin for her; two stays asked, one accepted then cancelled,
// the other declined.
const hostess = await club.users.create.mutate({
  email: `hostess-${Date.now()}@outside.test`,
  name: "Every Kind Host",
  password: "password1",
  type: "Travel Host",
});
const home = await club.homes.create.mutate({
  host_id: hostess.id,
  title: "Every kind flat",
  kind: "Flat",
  city: "Lisbon",
  country: "Portugal",
  address: "Rua das Flores 12",
  sleeps: 2,
  bedrooms: 1,
  nightly_rate: 100,
  time_zone: "Europe/Lisbon",
});
await club.homes.setWindows.mutate({ id: home.id, windows: [{ from: "2031-07-01", to: "2031-08-01" }] });
const asked = (arrive: string, depart: string) =>
  club.stays.request.mutate({ homeId: home.id, arrive, depart, guests: 1 });
const [kept, turnedDown] = [await asked("2031-07-02", "2031-07-05"), await asked("2031-07-10", "2031-07-12")];
await club.stays.accept.mutate({ id: kept.id });
await club.stays.decline.mutate({ id: turnedDown.id });
await club.stays.cancel.mutate({ id: kept.id, reason: "Plans changed." });
// Nineteen messages, posted in order one after another: more time than one message is given.
await until(() => kinds.every((k) => everyHeard.some((m) => m.type === k)), "every kind of message", 60);
everyReceiver.close();
await club.webhooks.remove.mutate({ id: everyHook.webhook.id });
const unlike = everyHeard.filter((m) => !m.valid);
console.log(
  `every kind: ${new Set(everyHeard.map((m) => m.type)).size} of ${kinds.length} heard, ${unlike.length === 0 ? "each as the document describes" : unlike.map((m) => `${m.type}: ${m.errors}`).join("; ")}`,
);

try {
  await club.events.get.query({ id: "00000000-0000-4000-8000-000000000000" });
} catch (err) {
  if (!isClubError(err)) throw err;
  console.log(`refused: ${err.data?.code} ${err.message}`);
}
