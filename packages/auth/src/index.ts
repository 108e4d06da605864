export * from "./api-tokens";
export * from "./cookie";
export * from "./device-cookies";
export * from "./password";
export * from "./session-cache";
export * from "./sessions";
export * from "./tokens";
export * from "./unsubscribe-tokens";
