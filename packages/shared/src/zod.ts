import { z } from "zod";

/**
 * The one zod every schema here is built with. Zod compiles an object schema with `new Function`
 * when it may, and decides so when the schema is built, not when it parses. The club's pages forbid
 * eval in their Content-Security-Policy, so in a browser a schema built before the app had said
 * "jitless" made zod try, and Chromium report a CSP violation on every page (the web build put
 * these modules ahead of the app's own setting). Built from here, they are jitless in a browser from
 * the first; on the server, where eval is allowed, zod keeps its compiler.
 */
if ("document" in globalThis) z.config({ jitless: true });

export { z };
