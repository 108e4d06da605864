export { type BuildOptions, buildApp } from "./app";
export { type AppConfig, configFromEnv, configWith } from "./config";
