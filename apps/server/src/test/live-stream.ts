/**
 * A live stream (tRPC subscription over server-sent events) read as a browser's EventSource reads
 * it: each event's id and data, the data as the client's transformer sent it (superjson's `json`).
 */
export interface LiveStream {
  /** The events so far: their ids and data. */
  events: { id?: string; data: unknown }[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /**
   * Whether the server ended it with tRPC's `return` event: the browser's client then closes its
   * EventSource rather than letting it reconnect by itself.
   */
  returned(): boolean;
  close(): void;
}

export async function openLiveStream(url: string, headers: Record<string, string>): Promise<LiveStream> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: "text/event-stream", ...headers }, signal: abort.signal });
  if (!res.ok || !res.body) throw new Error(`live stream ${url}: ${res.status} ${await res.text()}`);
  const events: LiveStream["events"] = [];
  let returned = false;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        for (let at = buffer.indexOf("\n\n"); at >= 0; at = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const fields = Object.fromEntries(
            block
              .split("\n")
              .filter((l) => l && !l.startsWith(":"))
              .map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trimStart()]),
          );
          if (fields.event === "return") returned = true;
          if (fields.event || fields.data === undefined) continue; // connected, ping, return…
          const data = JSON.parse(fields.data) as { json?: unknown };
          events.push({ id: fields.id, data: data.json ?? data });
        }
      }
    } catch {
      // Closed by us.
    }
  })();
  return { events, ended, returned: () => returned, close: () => abort.abort() };
}
