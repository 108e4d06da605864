// What the permission table and the fuzzer share (`@club/api/testing`).
export * from "./callers";
export * from "./cell";
export * from "./procedure-table";
export { hostedHome, requestedStay } from "./row-inputs";
