// What the permission table and the fuzzer share (`@club/api/testing`).
export * from "./callers";
export * from "./cell";
export * from "./procedure-table";
export { hostedHome, pastStay, requestedStay } from "./row-inputs";
