/** One upload with progress and cancel; XMLHttpRequest is what reports upload progress. */
export interface Upload {
  promise: Promise<unknown>;
  cancel: () => void;
}

export function uploadFile(
  url: string,
  fields: Record<string, string>,
  fileField: string,
  file: File,
  onProgress: (fraction: number) => void,
): Upload {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<unknown>((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append(fileField, file, file.name);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: { error?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: keep the status
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body);
      else reject(new Error(body.error ?? `Upload failed (${xhr.status}).`));
    };
    xhr.onerror = () => reject(new Error("The upload was interrupted. Please try again."));
    xhr.onabort = () => reject(new Error("Upload cancelled."));
    xhr.open("POST", url);
    xhr.send(form);
  });
  return { promise, cancel: () => xhr.abort() };
}
