#!/usr/bin/env node
import { ZodError } from "zod";
import { buildProgram } from "./club";
import { remoteFailureIn } from "./remote-failure";
import { describeIssues } from "./seed/schema";

function describe(err: unknown): string {
  if (err instanceof ZodError) return describeIssues(err);
  const remote = remoteFailureIn(err);
  if (remote) return remote.message;
  return err instanceof Error ? err.message : String(err);
}

// Usage mistakes exit 1 (commander's own handling); anything that fails while running exits 2.
buildProgram()
  .parseAsync()
  .catch((err: unknown) => {
    process.stderr.write(`club: ${describe(err)}\n`);
    process.exit(2);
  });
