export * from "./enums";
export * from "./format";
export * from "./messages";
export * from "./schemas/auth";
export * from "./schemas/events";
export * from "./schemas/media";
export * from "./schemas/membership";
export * from "./text";
