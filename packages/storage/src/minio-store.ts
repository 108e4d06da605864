import type { Readable } from "node:stream";
import { Client } from "minio";
import { assertSafeKey, type MediaStore } from "./media-store";

export interface MinioConfig {
  /** e.g. http://minio:9000 */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region?: string;
}

/** Media in a MinIO (S3 API) bucket, created when missing. */
export async function createMinioStore(config: MinioConfig): Promise<MediaStore> {
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
      const code = (err as { code?: string }).code;
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
      for await (const item of client.listObjectsV2(bucket, `${prefix}/`, true) as AsyncIterable<{ name?: string }>) {
        if (item.name) keys.push(item.name);
      }
      if (keys.length) await client.removeObjects(bucket, keys);
    },
    async *listPrefixes(parent) {
      assertSafeKey(parent);
      // Not recursive: S3 answers each "directory" under the parent once, as a common prefix.
      const items = client.listObjectsV2(bucket, `${parent}/`, false) as AsyncIterable<{ prefix?: string }>;
      for await (const item of items) if (item.prefix) yield item.prefix.replace(/\/$/, "");
    },
  };
}
