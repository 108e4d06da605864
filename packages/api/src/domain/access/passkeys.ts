// Passkeys: a member sees and manages her own only; nobody else's, admins included (a passkey is a
// way into her account, not content of the club). Someone else's answers "not found".
import { passkeys } from "@club/db";
import { and, eq, type SQL } from "@club/db/orm";
import { notFound, PASSKEY_NOT_FOUND } from "../../errors";
import type { Viewer } from "./callers";

/** The SQL condition for the passkeys a member may list, rename and remove: her own. */
export function ownPasskeys(viewer: Viewer): SQL {
  return eq(passkeys.userId, viewer.id);
}

/** One of her own passkeys, by its id (rename, remove). */
export function ownPasskey(viewer: Viewer, id: string): SQL {
  return and(eq(passkeys.id, id), ownPasskeys(viewer)) as SQL;
}

/** The refusal when `ownPasskey` matched nothing: hers does not exist, or it is someone else's. */
export function passkeyNotFound() {
  return notFound(PASSKEY_NOT_FOUND);
}
