import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import superjson from "superjson";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isClubError } from "./errors";
import { type UploadProgress, uploadMedia } from "./upload";
import { API_VERSION, CLIENT_VERSION } from "./version";

/** What the stand-in server received with the last upload. */
interface Received {
  headers: IncomingHttpHeaders;
  form: FormData;
}

const ITEM_ID = "6f1c1f8e-3c1a-4d55-9a3e-6c1b7e3f0a11";
const uploadedAt = new Date("2031-05-01T10:00:00Z");
let server: Server;
let url: string;
let received: Received | undefined;
/** The upload route's answer for the next request. */
let answer: { status: number; body: unknown };
const dir = mkdtempSync(join(tmpdir(), "club-client-upload-"));

/**
 * A stand-in for the club's server: POST /upload-media reads the multipart body as a browser's
 * FormData would be read, `media.get` answers an item in tRPC's batched, superjson form, and
 * `/api/version` the client's own API version.
 */
beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk);
    res.setHeader("content-type", "application/json");
    if (req.url === "/upload-media") {
      const body = new Response(Buffer.concat(chunks), {
        headers: { "content-type": req.headers["content-type"] ?? "" },
      });
      received = { headers: req.headers, form: await body.formData() };
      res.statusCode = answer.status;
      res.end(JSON.stringify(answer.body));
    } else if (req.url === "/api/version") {
      res.end(JSON.stringify({ version: CLIENT_VERSION, apiVersion: API_VERSION }));
    } else if (req.url?.startsWith("/trpc/media.get?")) {
      const item = { id: ITEM_ID, media_type: "image", upload_date: uploadedAt };
      res.end(JSON.stringify([{ result: { data: superjson.serialize(item) } }]));
    } else {
      res.statusCode = 404;
      res.end("{}");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${portOf(server)}`;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  received = undefined;
  answer = { status: 200, body: { id: ITEM_ID } };
});

function portOf(listening: Server): number {
  const address = listening.address();
  if (typeof address !== "object" || !address) throw new Error("not listening");
  return address.port;
}

const fileOf = (form: FormData | undefined, field: string) => {
  const value = form?.get(field);
  if (!(value instanceof File)) throw new Error(`no file in ${field}`);
  return value;
};

describe("uploadMedia", () => {
  it("sends a file from disk with its event and the token, reports progress, and answers the item with its dates", async () => {
    const bytes = randomBytes(300_000);
    const path = join(dir, "picnic.jpg");
    writeFileSync(path, bytes);
    const progress: UploadProgress[] = [];
    const item = await uploadMedia(
      { url: `${url}/some/page`, token: "club_secret" },
      { file: path, eventId: "summer-picnic", onProgress: (p) => progress.push(p) },
    );

    expect(received?.headers.authorization).toBe("Bearer club_secret");
    expect(received?.form.get("event_id")).toBe("summer-picnic");
    const file = fileOf(received?.form, "media");
    expect(file.name).toBe("picnic.jpg");
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    expect(progress.at(-1)).toEqual({ sent: bytes.length, total: bytes.length });
    expect(progress.map((p) => p.sent)).toEqual([...progress.map((p) => p.sent)].sort((a, b) => a - b));
    expect(item.id).toBe(ITEM_ID);
    expect(item.upload_date).toEqual(uploadedAt);
  });

  it("sends a stream with the size it was given, and a Blob with its own; no event unless one is named", async () => {
    const chunks = [Buffer.from("first part, "), Buffer.from("second part")];
    const progress: UploadProgress[] = [];
    await uploadMedia(
      { url, token: "t" },
      { file: Readable.from(chunks), name: "clip.mp4", size: 23, onProgress: (p) => progress.push(p) },
    );
    expect(progress).toEqual([
      { sent: 12, total: 23 },
      { sent: 23, total: 23 },
    ]);
    expect(await fileOf(received?.form, "media").text()).toBe("first part, second part");
    expect(received?.form.has("event_id")).toBe(false);

    await uploadMedia({ url, token: "t" }, { file: new File(["pixels"], "dot.png") });
    expect(fileOf(received?.form, "media").name).toBe("dot.png");
    expect(await fileOf(received?.form, "media").text()).toBe("pixels");
  });

  it("turns a refusal into a ClubError with the server's message, code, status and field errors", async () => {
    answer = {
      status: 413,
      body: { error: "The file is larger than 5 MB.", message: "The file is larger than 5 MB." },
    };
    const tooLarge = await uploadMedia({ url, token: "t" }, { file: new Blob(["x"]) }).catch((e: unknown) => e);
    expect(isClubError(tooLarge)).toBe(true);
    expect(tooLarge).toMatchObject({
      message: "The file is larger than 5 MB.",
      data: { code: "PAYLOAD_TOO_LARGE", httpStatus: 413 },
    });

    answer = { status: 400, body: { message: "Event not found", fieldErrors: { event_id: ["Event not found"] } } };
    const badEvent = await uploadMedia({ url, token: "t" }, { file: new Blob(["x"]), eventId: "nope" }).catch(
      (e: unknown) => e,
    );
    expect(badEvent).toMatchObject({
      message: "Event not found",
      data: { code: "BAD_REQUEST", httpStatus: 400, fieldErrors: { event_id: ["Event not found"] } },
    });
  });

  it("names the address and the reason when the server cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = portOf(closed);
    await new Promise((resolve) => closed.close(resolve));
    const err = await uploadMedia({ url: `http://127.0.0.1:${port}`, token: "t" }, { file: new Blob(["x"]) }).catch(
      (e: unknown) => e,
    );
    expect(isClubError(err)).toBe(true);
    expect(err).toMatchObject({
      message: `Could not reach http://127.0.0.1:${port}/upload-media: connect ECONNREFUSED 127.0.0.1:${port}.`,
    });
  });
});
