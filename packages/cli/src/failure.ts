import { ZodError } from "zod";
import { remoteFailureIn } from "./remote-failure";
import { describeIssues } from "./seed/schema";

/** A failure as `club` prints it after "club: " (exit code 2): the file's mistakes, the server's refusal, or the error's words. */
export function describeFailure(err: unknown): string {
  if (err instanceof ZodError) return describeIssues(err);
  const remote = remoteFailureIn(err);
  if (remote) return remote.message;
  return err instanceof Error ? err.message : String(err);
}
