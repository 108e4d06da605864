/** The largest JSON (or other non-upload) request body the server reads. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
/** The most procedures one tRPC batch request may call. */
export const TRPC_MAX_BATCH = 20;
