export { htmlToText } from "./html-to-text";
export * from "./outbox";
export * from "./templates";
export * from "./transport";
