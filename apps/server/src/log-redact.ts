import type { FastifyRequest } from "fastify";

/**
 * Some URLs carry a credential in their path: a calendar feed's secret (polled for months), a home's calendar link's, a
 * registration link's token, an event invitation's token, the identity provider's code. Request log lines show them masked, so
 * whoever reads the logs cannot use them.
 */
const SECRET_PATHS = [
  /^(\/calendar\/)[^/?]+/,
  /^(\/homes\/calendar\/)[^/?]+/,
  /^(\/api\/register\/validate-token\/)[^/?]+/,
  /^(\/api\/events\/invite\/)[^/?]+/,
  // The identity provider's answer: its one-time code and the sign-in's state.
  /^(\/auth\/oidc\/callback\?).+/,
];

export function redactSecrets(url: string): string {
  for (const pattern of SECRET_PATHS) if (pattern.test(url)) return url.replace(pattern, "$1[redacted]");
  return url;
}

/** Fastify's request serializer with the URL masked (the other fields as Fastify logs them). */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
