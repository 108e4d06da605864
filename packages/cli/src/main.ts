#!/usr/bin/env node
import { buildProgram } from "./club";
import { describeFailure } from "./failure";

// Usage mistakes exit 1 (commander's own handling); anything that fails while running exits 2.
buildProgram()
  .parseAsync()
  .catch((err: unknown) => {
    process.stderr.write(`club: ${describeFailure(err)}\n`);
    process.exit(2);
  });
