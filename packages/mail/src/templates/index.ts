export * from "./data-export";
export * from "./events";
export { button, escapeHtml, layout } from "./layout";
export * from "./membership";
export * from "./security";
