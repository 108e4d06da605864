// The one place the server's router enters the client. The published package takes these three
// types from build/generated/api.d.ts instead, written from them by build/router-types.ts.
export type { AppRouter, RouterInputs, RouterOutputs } from "@club/api";
