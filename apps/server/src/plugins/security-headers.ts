import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";

/**
 * Headers on every answer; the CSP allows exactly what the SPA loads from its own origin. Helmet's
 * middleware is built once, here: @fastify/helmet built it again at every request (parsing the CSP
 * each time), about 5% of the server's busy time on a small answer such as `/auth-status`.
 */
export const securityHeaders = fp<{ appOrigin: string }>(async (app: FastifyInstance, { appOrigin }) => {
  const https = appOrigin.startsWith("https:");
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // Helmet throws rather than calling back with an error (8.1 on): a failure is the hook's.
  app.addHook("onRequest", (request, reply, done) => {
    setHeaders(request.raw, reply.raw, () => done());
  });
});
