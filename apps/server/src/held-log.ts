/**
 * Log lines written while the server starts are held back and written after the start banner, so
 * the banner (address, demo sign-in, where mail is) is not cut into by JSON log lines.
 */
export function heldLogStream(target: { write(line: string): unknown } = process.stdout) {
  let held: string[] | undefined = [];
  return {
    stream: {
      write(line: string) {
        if (held) held.push(line);
        else target.write(line);
      },
    },
    release() {
      const lines = held ?? [];
      held = undefined;
      for (const line of lines) target.write(line);
    },
  };
}
