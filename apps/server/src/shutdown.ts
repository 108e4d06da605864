import type { FastifyInstance } from "fastify";

export interface ShutdownOptions {
  /** How long in-flight requests (a large upload) may take to finish before the process exits anyway. */
  graceMs: number;
  exit?: (code: number) => void;
}

/**
 * Stops the way a deployment expects on SIGTERM: no new connections are accepted, idle keep-alive
 * connections close, requests already received (an upload half-way) finish and get their answer,
 * then background work drains and the database closes. Past `graceMs` the process exits anyway.
 */
export function gracefulShutdown(app: FastifyInstance, options: ShutdownOptions): (signal: string) => Promise<void> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let closing: Promise<void> | undefined;
  return (signal: string) => {
    closing ??= (async () => {
      app.log.info({ signal, graceMs: options.graceMs }, "shutting down: finishing requests in flight");
      const force = setTimeout(() => {
        app.log.error({ graceMs: options.graceMs }, "requests still in flight after the grace period; exiting");
        exit(1);
      }, options.graceMs);
      force.unref();
      try {
        await app.close();
        exit(0);
      } catch (err) {
        app.log.error({ err }, "shutdown failed");
        exit(1);
      } finally {
        clearTimeout(force);
      }
    })();
    return closing;
  };
}
