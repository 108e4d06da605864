import { loadEnv } from "@club/api";
import { configFromEnv } from "../config";
import { buildOpenApiDocument, type OpenApiDocument } from "../openapi/document";
import { limitsOf } from "../openapi/limits";
import { startApp } from "./harness";

/**
 * The document a server with no configuration serves: its routes as a test app registers them (the
 * same routes, whatever the configuration), its origin and limits the defaults'.
 */
export async function defaultDocument(): Promise<OpenApiDocument> {
  const h = await startApp();
  try {
    const defaults = configFromEnv(loadEnv({}));
    return buildOpenApiDocument({ origin: defaults.appOrigin, limits: limitsOf(defaults), routes: h.described });
  } finally {
    await h.close();
  }
}
