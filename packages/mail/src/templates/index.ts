export * from "./data-export";
export * from "./events";
export { button, escapeHtml, layout, type UnsubscribeLink, unsubscribeFooter, unsubscribeHeaders } from "./layout";
export * from "./membership";
export * from "./messages";
export * from "./notifications";
export * from "./security";
export * from "./travel";
export * from "./webhooks";
