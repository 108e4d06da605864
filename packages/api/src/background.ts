import type { Logger } from "./context";

/**
 * Work a request starts but does not wait for (so its answer does not reveal how much work there
 * was). The server drains what is running before it stops; tests drain it to see the effect.
 * Work that must survive a crash belongs in the database (the mail outbox), not here.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: Pick<Logger, "error">) {}

  defer(name: string, task: () => Promise<void>): void {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((err: unknown) => this.log.error({ err, task: name }, "background task failed"))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Resolves when every task started so far (and those they start) has finished. */
  async drain(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }
}
