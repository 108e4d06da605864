// A script in a project of its own, outside the workspace, with @club/client installed from its
// tarball: what a club's developer writes. The test of the packed client type-checks it with
// `tsc --strict` and runs it with node against the server as `pnpm start` runs it.
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createClubClient, isClubError, type RouterOutputs, uploadMedia } from "@club/client";
import { Webhook } from "standardwebhooks";

const { CLUB_URL: url, CLUB_TOKEN: token, PHOTO: photo, VIDEO: video } = process.env;
if (!url || !token || !photo || !video) throw new Error("Set CLUB_URL, CLUB_TOKEN, PHOTO and VIDEO.");
const club = createClubClient({ url, token, timeoutMs: 20_000 });

// A receiver of the club's webhooks: each message is checked against the secret shown once.
let secret = "";
const heard: { type: string; data: { id?: string; eventId?: string | null } }[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    try {
      const body = Buffer.concat(chunks).toString("utf8");
      heard.push(new Webhook(secret).verify(body, req.headers as Record<string, string>) as (typeof heard)[number]);
      res.writeHead(204).end();
    } catch {
      res.writeHead(400).end();
    }
  });
});
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
for (let waited = 0; heard.length < 3 && waited < 15_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
receiver.close();
const told = heard.map((m) => (m.type === "event.created" && m.data.id === event.id ? "event.created (it)" : m.type));
console.log(`heard, signed: ${told.join(", ")}`);

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

try {
  await club.events.get.query({ id: "00000000-0000-4000-8000-000000000000" });
} catch (err) {
  if (!isClubError(err)) throw err;
  console.log(`refused: ${err.data?.code} ${err.message}`);
}
