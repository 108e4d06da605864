import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { errorMessage, trpc } from "../../lib/trpc";
import type { QueuedFile } from "./upload-queue";

/**
 * A title and a caption for a file while it uploads: typed at any time, saved to the new item as
 * soon as it is stored (and again when changed after), so a file's name never becomes its title.
 */
export function NameUpload({ file }: { file: QueuedFile }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState("");
  const [caption, setCaption] = useState("");
  /** What the item has now: nothing is sent twice. */
  const saved = useRef({ title: "", caption: "" });
  const save = useMutation(
    trpc.media.update.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.media.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.images.pathKey() });
      },
    }),
  );
  const send = () => {
    const now = { title: title.trim(), caption: caption.trim() };
    if (!file.mediaId || (now.title === saved.current.title && now.caption === saved.current.caption)) return;
    saved.current = now;
    save.mutate({ id: file.mediaId, name: now.title, description: now.caption });
  };
  // Typed while it was uploading: saved the moment the item exists.
  useEffect(send, [file.mediaId]);

  const status = save.isError
    ? errorMessage(save.error, "The title could not be saved. Try again, or name it from its details.")
    : save.isPending
      ? "Saving…"
      : save.isSuccess
        ? "Saved."
        : file.mediaId || !(title || caption)
          ? ""
          : "Saved when the upload ends.";
  const field = "w-full rounded-lg border border-line bg-card px-3 py-1.5 text-sm";
  return (
    <div className="col-span-2 grid gap-2 sm:grid-cols-[2fr_3fr_auto] sm:items-center">
      <label htmlFor={`${id}-title`} className="sr-only">
        Title of {file.name}
      </label>
      <input
        id={`${id}-title`}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        onBlur={send}
        placeholder="Title"
        maxLength={200}
        className={field}
      />
      <label htmlFor={`${id}-caption`} className="sr-only">
        Caption of {file.name}
      </label>
      <input
        id={`${id}-caption`}
        value={caption}
        onChange={(e) => setCaption(e.target.value)}
        onBlur={send}
        placeholder="Caption"
        maxLength={5000}
        className={field}
      />
      <span role="status" className={save.isError ? "text-danger text-xs" : "text-ink-soft text-xs"}>
        {status}
      </span>
    </div>
  );
}
