import { useRef, useState } from "react";
import { Alert } from "../../ui/Alert";
import { Button, buttonClass } from "../../ui/Button";
import { mayBeMedia, type Upload, uploadFile } from "./upload";

/** A file picker for one photo or video, with a progress bar and Cancel while it uploads. */
export function UploadButton({
  label,
  url,
  fileField,
  fields = {},
  accept = "image/*,video/*,.mov,.heic,.heif",
  onUploaded,
}: {
  label: string;
  url: string;
  fileField: string;
  fields?: Record<string, string>;
  accept?: string;
  onUploaded: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const current = useRef<Upload>(null);
  const [progress, setProgress] = useState<number>();
  const [error, setError] = useState<string>();

  async function start(file: File | undefined) {
    if (!file) return;
    setError(undefined);
    if (!mayBeMedia(file)) return setError("Only images and videos can be uploaded.");
    setProgress(0);
    const upload = uploadFile(url, fields, fileField, file, setProgress);
    current.current = upload;
    try {
      await upload.promise;
      onUploaded();
    } catch (err) {
      setError(err instanceof Error ? err.message : "Upload failed.");
    } finally {
      current.current = null;
      setProgress(undefined);
      if (input.current) input.current.value = "";
    }
  }

  const pct = Math.round((progress ?? 0) * 100);
  return (
    <div className="flex flex-col gap-2">
      {progress === undefined ? (
        <label className={buttonClass("primary", "cursor-pointer focus-within:outline-2 focus-within:outline-gold")}>
          {label}
          <input
            ref={input}
            type="file"
            accept={accept}
            className="sr-only"
            onChange={(e) => start(e.target.files?.[0])}
          />
        </label>
      ) : (
        <div className="flex items-center gap-3">
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct}
            className="h-2 w-40 overflow-hidden rounded-full bg-paper-deep"
          >
            <div className="h-full bg-plum transition-[width]" style={{ width: `${pct}%` }} />
          </div>
          <span className="w-10 text-sm text-ink-soft">{pct}%</span>
          <Button variant="ghost" onClick={() => current.current?.cancel()}>
            Cancel
          </Button>
        </div>
      )}
      {error ? <Alert>{error}</Alert> : null}
    </div>
  );
}
