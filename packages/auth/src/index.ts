export * from "./api-tokens";
export * from "./cookie";
export * from "./password";
export * from "./sessions";
export * from "./tokens";
