export * from "./accounts";
export * from "./enums";
export * from "./events";
export * from "./mail";
export * from "./media";
export * from "./membership";
export * from "./secrets";
export * from "./users";
