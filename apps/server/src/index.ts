export { type BuildOptions, buildApp } from "./app";
export { type AppConfig, configFromEnv } from "./config";
