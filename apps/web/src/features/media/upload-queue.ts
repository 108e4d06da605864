import { useEffect, useRef, useState } from "react";
import type { DetailedError, PreviousUpload, Upload } from "tus-js-client";
import { mayBeMedia } from "./upload";

/** Files sent at once; the rest wait their turn in the queue. */
const AT_ONCE = 3;
/**
 * Each request carries at most this much: what arrived is kept by the server, so a dropped
 * connection or a reload loses at most one chunk, and no proxy's body limit is met.
 */
export const CHUNK_BYTES = 5 * 1024 * 1024;

export interface QueuedFile {
  key: string;
  name: string;
  size: number;
  sent: number;
  /** `storing`: every byte arrived and the server is making the copies (a video: its poster). */
  status: "waiting" | "sending" | "storing" | "done" | "failed";
  error?: string;
  /** The new media item, once stored: what a title and caption typed meanwhile are saved to. */
  mediaId?: string;
}

/** The new item's id, from the answer to the upload's last request (the media item, as JSON). */
function mediaIdOf(body: string | undefined): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body ?? "");
    const id = typeof parsed === "object" && parsed !== null && "id" in parsed ? parsed.id : undefined;
    return typeof id === "string" ? id : undefined;
  } catch {
    // An answer that is not the item (a proxy's page): the upload stands, it cannot be named here.
    return undefined;
  }
}

/** What a refusal says: the server's message (JSON `error` or tus's plain text), else a general one. */
function messageOf(err: Error | DetailedError): string {
  const body = "originalResponse" in err ? err.originalResponse?.getBody() : undefined;
  if (body) {
    try {
      const parsed: unknown = JSON.parse(body);
      const error = typeof parsed === "object" && parsed !== null && "error" in parsed ? parsed.error : undefined;
      if (typeof error === "string" && error) return error;
    } catch {
      return body.trim();
    }
  }
  return "The upload failed. Check the connection and add the file again: it continues where it stopped.";
}

/**
 * The tus client, fetched when the queue first needs it (after the page is running) rather than with
 * the gallery's page: it is the largest library of the page and most visits upload nothing.
 */
const tus = () => import("tus-js-client");

/** Where an upload goes, as its metadata names it: an event's images, a home's photos, or the gallery. */
const placeOf = (eventId?: string, homeId?: string): Record<string, string> =>
  eventId ? { event_id: eventId } : homeId ? { home_id: homeId } : {};

/** Whether an upload begun before went to this place (one begun for another is not this queue's). */
const inPlace = (metadata: Record<string, string | null>, place: Record<string, string>) =>
  (metadata.event_id || undefined) === place.event_id && (metadata.home_id || undefined) === place.home_id;

/**
 * A queue of resumable uploads (tus): many files at once, three sending at a time, each with its
 * progress; a failed request is retried and continues from what the server has. The browser keeps
 * each unfinished upload's address (tus-js-client's fingerprint of name, size and date), so after a
 * reload the same file added again continues instead of starting over; `unfinished` lists them.
 */
export function useUploadQueue({
  memberId,
  eventId,
  homeId,
  onUploaded,
}: {
  /** Whose queue: a browser shared by two members lists each her own unfinished uploads. */
  memberId: string;
  /** Where the files go: an event's images, a home's photos (Travel), or else the gallery. */
  eventId?: string;
  homeId?: string;
  /** Each file stored, with its new item's id (when the answer named it). */
  onUploaded: (mediaId?: string) => void;
}) {
  const place = placeOf(eventId, homeId);
  const [files, setFiles] = useState<QueuedFile[]>([]);
  const [unfinished, setUnfinished] = useState<PreviousUpload[]>([]);
  /** The files being sent, by key (their number is how many are under way); a cancelled one leaves. */
  const uploads = useRef(new Map<string, Upload | null>());
  /** Each waiting file with the event it was added for (the page may show another by its turn). */
  const waiting = useRef<{ key: string; file: File; place: Record<string, string> }[]>([]);
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;

  // What this browser began here before (the page was reloaded or closed): listed once, on arrival.
  useEffect(() => {
    void tus()
      .then(({ defaultOptions }) => defaultOptions.urlStorage.findAllUploads())
      .catch(() => [])
      .then((all) =>
        setUnfinished(
          all.filter((u) => u.metadata.member === memberId && inPlace(u.metadata, placeOf(eventId, homeId))),
        ),
      );
  }, [eventId, homeId, memberId]);

  const update = (key: string, change: Partial<QueuedFile>) =>
    setFiles((all) => all.map((f) => (f.key === key ? { ...f, ...change } : f)));

  const finish = (key: string, change: Partial<QueuedFile>) => {
    // A cancelled upload that still reports is ignored: it has left the queue already.
    if (!uploads.current.delete(key)) return;
    update(key, change);
    next();
  };

  function next() {
    while (uploads.current.size < AT_ONCE) {
      const waited = waiting.current.shift();
      if (!waited) return;
      const { key, file, place } = waited;
      uploads.current.set(key, null);
      void send(key, file, place);
    }
  }

  async function send(key: string, file: File, place: Record<string, string>) {
    const { Upload } = await tus();
    const upload = new Upload(file, {
      endpoint: "/uploads",
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000],
      // `member` is for this browser's list only; the server takes the owner from the session.
      metadata: {
        filename: file.name,
        filetype: file.type,
        member: memberId,
        ...place,
      },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => update(key, { sent, status: sent >= total ? "storing" : "sending" }),
      onSuccess: ({ lastResponse }) => {
        const mediaId = mediaIdOf(lastResponse.getBody());
        finish(key, { status: "done", sent: file.size, mediaId });
        uploaded.current(mediaId);
      },
      onError: (err) => finish(key, { status: "failed", error: messageOf(err) }),
    });
    update(key, { status: "sending" });
    // The same file begun before for the same place (a reload, a dropped connection): continue it.
    const previous = (await upload.findPreviousUploads().catch(() => [])).find(
      (p) => p.metadata.member === memberId && inPlace(p.metadata, place),
    );
    // Cancelled (or the page left) while the browser looked: it does not start.
    if (!uploads.current.has(key)) return;
    uploads.current.set(key, upload);
    if (previous) upload.resumeFromPreviousUpload(previous);
    upload.start();
  }

  /** Adds picked or dropped files; what is clearly not a photo or video is refused at once. */
  function add(list: FileList | File[]) {
    const added: QueuedFile[] = [];
    for (const file of Array.from(list)) {
      const key = `${file.name}-${file.size}-${file.lastModified}-${Math.random().toString(36).slice(2)}`;
      if (!mayBeMedia(file)) {
        added.push({
          key,
          name: file.name,
          size: file.size,
          sent: 0,
          status: "failed",
          error: "Only images and videos can be uploaded.",
        });
        continue;
      }
      added.push({ key, name: file.name, size: file.size, sent: 0, status: "waiting" });
      waiting.current.push({ key, file, place });
      // Added again, an unfinished one continues: it is in the queue now.
      setUnfinished((all) => all.filter((u) => !(u.metadata.filename === file.name && u.size === file.size)));
    }
    setFiles((all) => [...all, ...added]);
    next();
  }

  /** Stops one file and removes what the server has of it. */
  function cancel(key: string) {
    // She cancelled: the file is gone from the list whatever the server answers, and what it kept
    // of the file it removes within a day.
    void uploads.current
      .get(key)
      ?.abort(true)
      .catch(() => {});
    uploads.current.delete(key);
    waiting.current = waiting.current.filter((w) => w.key !== key);
    setFiles((all) => all.filter((f) => f.key !== key));
    next();
  }

  /** Forgets an unfinished upload from before a reload (the server removes its part within a day). */
  async function forget(upload: PreviousUpload) {
    const { defaultOptions } = await tus();
    // The browser's note of it; one that stays is offered again, and forgotten again, next time.
    await defaultOptions.urlStorage.removeUpload(upload.urlStorageKey).catch(() => {});
    setUnfinished((all) => all.filter((u) => u.urlStorageKey !== upload.urlStorageKey));
  }

  const clearFinished = () => setFiles((all) => all.filter((f) => f.status !== "done" && f.status !== "failed"));

  // Leaving the page stops the requests; what arrived stays on the server for a later resume.
  useEffect(() => {
    const current = uploads.current;
    return () => {
      // The page is going: nothing is left to tell of a request that fails to stop.
      for (const upload of current.values()) void upload?.abort(false).catch(() => {});
      current.clear();
      waiting.current = [];
    };
  }, []);

  const total = files.reduce((sum, f) => sum + f.size, 0);
  const sent = files.reduce((sum, f) => sum + (f.status === "done" ? f.size : f.sent), 0);
  return { files, add, cancel, clearFinished, unfinished, forget, progress: total > 0 ? sent / total : 0 };
}

export type UploadQueue = ReturnType<typeof useUploadQueue>;
