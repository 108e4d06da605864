import { TRPCError } from "@trpc/server";

/** Refusals a person can act on; the message is shown as is. */
export const badRequest = (message: string) => new TRPCError({ code: "BAD_REQUEST", message });
export const notFound = (message: string) => new TRPCError({ code: "NOT_FOUND", message });
export const conflict = (message: string) => new TRPCError({ code: "CONFLICT", message });
export const forbidden = (message: string) => new TRPCError({ code: "FORBIDDEN", message });
