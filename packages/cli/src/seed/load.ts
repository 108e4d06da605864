import { readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import { describeIssues, type SeedFile, seedFileSchema } from "./schema";

export class SeedFileError extends Error {}

/** Reads a JSON or YAML seed file and validates it with the API's own schemas. */
export function loadSeedFile(path: string): SeedFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw new SeedFileError(`Cannot read the seed file ${path}.`);
  }
  let data: unknown;
  try {
    data = /\.ya?ml$/i.test(path) ? parseYaml(text) : JSON.parse(text);
  } catch (err) {
    throw new SeedFileError(
      `${path} is not valid ${/\.ya?ml$/i.test(path) ? "YAML" : "JSON"}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const result = seedFileSchema.safeParse(data ?? {});
  if (!result.success) throw new SeedFileError(`${path} has errors:\n${describeIssues(result.error)}`);
  return result.data;
}
