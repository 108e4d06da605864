import { type DragEvent, useState } from "react";
import { Alert } from "../../ui/Alert";
import { Button, buttonClass } from "../../ui/Button";
import { NameUpload } from "./NameUpload";
import type { QueuedFile, UploadQueue } from "./upload-queue";

const ACCEPT = "image/*,video/*,.mov,.heic,.heif";

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 * 1024
    ? `${(bytes / 1024 ** 3).toFixed(1)} GB`
    : bytes >= 1024 * 1024
      ? `${(bytes / 1024 ** 2).toFixed(1)} MB`
      : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The picker: many photos and videos at once (`accept`: what the picker offers, photos only for a home). */
export function UploadPicker({
  queue,
  label,
  accept = ACCEPT,
}: {
  queue: UploadQueue;
  label: string;
  accept?: string;
}) {
  return (
    <label className={buttonClass("primary", "cursor-pointer focus-within:outline-2 focus-within:outline-gold")}>
      {label}
      <input
        type="file"
        multiple
        accept={accept}
        className="sr-only"
        onChange={(e) => {
          if (e.target.files) queue.add(e.target.files);
          e.target.value = "";
        }}
      />
    </label>
  );
}

/** Files dropped anywhere on an area join the queue; `dragging` shows where they would go. */
export function useFileDrop(onFiles: (files: FileList) => void) {
  const [dragging, setDragging] = useState(false);
  const carriesFiles = (e: DragEvent) => e.dataTransfer.types.includes("Files");
  return {
    dragging,
    dropProps: {
      onDragOver: (e: DragEvent) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        setDragging(true);
      },
      onDragLeave: (e: DragEvent) => {
        if (!e.currentTarget.contains(e.relatedTarget instanceof Node ? e.relatedTarget : null)) setDragging(false);
      },
      onDrop: (e: DragEvent) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        setDragging(false);
        onFiles(e.dataTransfer.files);
      },
    },
  };
}

function Bar({ value, label }: { value: number; label: string }) {
  const pct = Math.round(value * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      className="h-2 w-full overflow-hidden rounded-full bg-paper-deep"
    >
      <div className="h-full bg-plum transition-[width]" style={{ width: `${pct}%` }} />
    </div>
  );
}

const STATUS: Record<QueuedFile["status"], string> = {
  waiting: "Waiting",
  sending: "",
  storing: "Saving…",
  done: "Uploaded",
  failed: "Failed",
};

/**
 * The queue: overall progress, each file's progress with Cancel, what failed and why; and the
 * uploads this browser left unfinished before, which continue when the same file is added again.
 */
export function UploadQueuePanel({
  queue,
  naming = true,
}: {
  queue: UploadQueue;
  /** A title and caption for each file as it uploads (not for a home's photos). */
  naming?: boolean;
}) {
  const { files, unfinished } = queue;
  if (files.length === 0 && unfinished.length === 0) return null;
  const busy = files.some((f) => f.status === "waiting" || f.status === "sending" || f.status === "storing");
  const done = files.filter((f) => f.status === "done").length;
  return (
    <section aria-label="Uploads" className="mb-8 rounded-xl border border-line bg-card p-4 shadow-sm">
      {unfinished.length > 0 ? (
        <Alert tone="info" className="mb-4">
          <p className="font-medium">Unfinished uploads</p>
          <p>Add the same file again to continue where it stopped.</p>
          <ul className="mt-2 flex flex-col gap-1">
            {unfinished.map((u) => (
              <li key={u.urlStorageKey} className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{u.metadata.filename ?? "A file"}</span>
                {u.size ? <span>({sizeText(u.size)})</span> : null}
                <Button variant="ghost" onClick={() => void queue.forget(u)}>
                  Forget
                </Button>
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {files.length > 0 ? (
        <>
          <div className="mb-3 flex flex-wrap items-center gap-3">
            <h2 className="text-lg text-plum">
              {busy ? `Uploading ${files.length - done} of ${files.length}` : `${done} of ${files.length} uploaded`}
            </h2>
            <div className="flex min-w-48 flex-1 items-center gap-3">
              <Bar value={queue.progress} label="All uploads" />
              <span className="w-10 shrink-0 text-right text-sm text-ink-soft">
                {Math.round(queue.progress * 100)}%
              </span>
            </div>
            {!busy ? (
              <Button variant="ghost" onClick={queue.clearFinished}>
                Clear
              </Button>
            ) : null}
          </div>
          <ul className="flex flex-col gap-2">
            {files.map((f) => (
              <li key={f.key} className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 text-sm">
                <span className="truncate font-medium" title={f.name}>
                  {f.name} <span className="font-normal text-ink-soft">· {sizeText(f.size)}</span>
                </span>
                <span className="flex items-center gap-2 text-ink-soft">
                  {STATUS[f.status] || `${Math.round((f.sent / Math.max(1, f.size)) * 100)}%`}
                  {f.status === "waiting" || f.status === "sending" ? (
                    <Button variant="ghost" aria-label={`Cancel ${f.name}`} onClick={() => queue.cancel(f.key)}>
                      Cancel
                    </Button>
                  ) : null}
                </span>
                {f.status === "failed" ? (
                  <span role="alert" className="col-span-2 text-danger">
                    {f.error}
                  </span>
                ) : f.status !== "done" ? (
                  <div className="col-span-2">
                    <Bar value={f.sent / Math.max(1, f.size)} label={`Upload of ${f.name}`} />
                  </div>
                ) : null}
                {naming && f.status !== "failed" ? <NameUpload file={f} /> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
