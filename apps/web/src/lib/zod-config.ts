import { z } from "zod";

// Zod compiles object schemas with `new Function` when it may. The club's pages forbid eval in
// their Content-Security-Policy, so zod's first try is refused and the browser reports a CSP
// violation on every page that validates a form (Lighthouse counts it against best practices).
// Without the compiler zod validates the same, by interpretation, and tries nothing.
z.config({ jitless: true });
