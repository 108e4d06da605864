import type { Readable } from "node:stream";
import { assertSafeKey, type MediaStore } from "./media-store";

export interface MinioConfig {
  /** e.g. http://minio:9000 */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region?: string;
}

/**
 * The names (objects) and prefixes (one level's "directories") of a bucket listing. minio types
 * the listing as a stream of text; what it yields are objects, read here field by field.
 */
async function* listing(items: AsyncIterable<unknown>): AsyncGenerator<{ name?: string; prefix?: string }> {
  for await (const item of items) {
    if (typeof item !== "object" || item === null) continue;
    yield {
      ...("name" in item && typeof item.name === "string" ? { name: item.name } : {}),
      ...("prefix" in item && typeof item.prefix === "string" ? { prefix: item.prefix } : {}),
    };
  }
}

/** Media in a MinIO (S3 API) bucket, created when missing. */
export async function createMinioStore(config: MinioConfig): Promise<MediaStore> {
  // Loaded here, not at the top: the minio client (with lodash and an XML parser) is about 8 MB of
  // heap a server keeping media in files never uses (docs/decisions/README.md, "The embedded database's memory").
  const { Client } = await import("minio");
  const url = new URL(config.endpoint);
  const client = new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80,
    useSSL: url.protocol === "https:",
    accessKey: config.accessKey,
    secretKey: config.secretKey,
    region: config.region ?? "us-east-1",
    pathStyle: true,
    // Large objects go up in 8 MiB parts: memory per upload stays small.
    partSize: 8 * 1024 * 1024,
  });
  const { bucket } = config;
  if (!(await client.bucketExists(bucket))) await client.makeBucket(bucket, config.region ?? "us-east-1");

  async function statOf(key: string) {
    assertSafeKey(key);
    try {
      const stat = await client.statObject(bucket, key);
      return { size: stat.size, contentType: String(stat.metaData["content-type"] ?? "application/octet-stream") };
    } catch (err) {
      const code = err instanceof Error && "code" in err ? err.code : undefined;
      if (code === "NotFound" || code === "NoSuchKey") return undefined;
      throw err;
    }
  }
  return {
    async put(key, body: Readable, contentType, size) {
      assertSafeKey(key);
      await client.putObject(bucket, key, body, size, { "Content-Type": contentType });
      return { size };
    },
    async get(key, range) {
      const info = await statOf(key);
      if (!info) return undefined;
      const stream = range
        ? await client.getPartialObject(bucket, key, range.start, range.end - range.start + 1)
        : await client.getObject(bucket, key);
      return { stream, ...info };
    },
    stat: statOf,
    async delete(key) {
      assertSafeKey(key);
      await client.removeObject(bucket, key);
    },
    async deletePrefix(prefix) {
      assertSafeKey(prefix);
      const keys: string[] = [];
      for await (const { name } of listing(client.listObjectsV2(bucket, `${prefix}/`, true))) if (name) keys.push(name);
      if (keys.length) await client.removeObjects(bucket, keys);
    },
    async *listPrefixes(parent) {
      assertSafeKey(parent);
      // Not recursive: S3 answers each "directory" under the parent once, as a common prefix.
      for await (const { prefix } of listing(client.listObjectsV2(bucket, `${parent}/`, false))) {
        if (prefix) yield prefix.replace(/\/$/, "");
      }
    },
  };
}
