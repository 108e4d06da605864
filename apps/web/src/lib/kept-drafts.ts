/**
 * What a member typed into a form, kept across a reload (keepDraftsOnLeaving) and while she signs
 * in again: her session can end elsewhere (signed out from another browser, a new password, her
 * account removed) while she writes, and the Login screen takes her away from the page. A form that opts in (`useZodForm(…, { keep })`) is
 * written to this tab's sessionStorage when that happens and filled in again when it opens on the
 * same page. sessionStorage, not memory: signing in with the identity provider reloads the app.
 * Never a form with a password in it.
 *
 * Drafts are hers: kept with her id, given back only to her. Whoever signs in next in this tab
 * (a shared computer, after she signed out everywhere else) gets none of them, and they are gone;
 * signing out on purpose drops them too.
 */
const STORE = "club:kept-drafts";

interface Kept {
  /** The member who wrote them (her id). */
  owner: string;
  drafts: Record<string, unknown>;
}

interface OpenForm {
  /** The page the form is on (its pathname): the draft comes back on that page only. */
  path: string;
  /** The form's name on its page. */
  name: string;
  /** Its values when she changed something, else undefined (nothing to keep). */
  values: () => Record<string, unknown> | undefined;
}

const open = new Set<OpenForm>();

const keyOf = (path: string, name: string) => `${path}#${name}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function read(): Kept | undefined {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORE) ?? "null");
    if (!isRecord(parsed) || typeof parsed.owner !== "string" || !isRecord(parsed.drafts)) return undefined;
    return { owner: parsed.owner, drafts: parsed.drafts };
  } catch {
    return undefined;
  }
}

function write(kept: Kept | undefined): void {
  try {
    if (!kept || Object.keys(kept.drafts).length === 0) sessionStorage.removeItem(STORE);
    else sessionStorage.setItem(STORE, JSON.stringify(kept));
  } catch {
    // Storage full or refused (a private window's quota): the draft is lost as it was before.
  }
}

/** Registers an open form; the returned function forgets it (when the form closes). */
export function keepWhileOpen(form: OpenForm): () => void {
  open.add(form);
  return () => open.delete(form);
}

/** Writes every open form `owner` changed to this tab's storage (called as her session is found ended). */
export function keepDrafts(owner: string): void {
  const before = read();
  const drafts = before?.owner === owner ? before.drafts : {};
  for (const form of open) {
    const values = form.values();
    if (values) drafts[keyOf(form.path, form.name)] = values;
  }
  write({ owner, drafts });
}

/**
 * The draft `owner` kept for this form on this page, once: it is removed as it is taken. Drafts
 * another member kept are dropped, all of them, and none is given.
 */
export function takeDraft(path: string, name: string, owner: string | undefined): Record<string, unknown> | undefined {
  const kept = read();
  if (!kept) return undefined;
  if (kept.owner !== owner) {
    write(undefined);
    return undefined;
  }
  const key = keyOf(path, name);
  const draft = kept.drafts[key];
  if (draft === undefined) return undefined;
  delete kept.drafts[key];
  write(kept);
  return isRecord(draft) ? draft : undefined;
}

/**
 * A reload, a closed tab or a page left for another site keeps what she typed as well (the group
 * e-mail she was writing, a comment): written as the page goes, put back when the form opens again
 * on its page in this tab. `owner`: who is signed in as the page goes; nothing is kept for a
 * visitor, nor once she signed out on purpose (Logout marks her signed out first).
 */
export function keepDraftsOnLeaving(owner: () => string | undefined): void {
  window.addEventListener("pagehide", () => {
    const id = owner();
    if (id) keepDrafts(id);
  });
}

/** Forgets every kept draft (she signed out on purpose). */
export function dropDrafts(): void {
  write(undefined);
}

/**
 * Whether a kept draft still fits the form: only its fields, each of the type of its default
 * (a draft from an older version of the form is dropped rather than put into fields it no longer has).
 */
export function fitsForm<T extends object>(
  draft: Record<string, unknown>,
  defaults: T,
): draft is Record<string, unknown> & T {
  const like = new Map<string, unknown>(Object.entries(defaults));
  return Object.entries(draft).every(([field, value]) => {
    if (!like.has(field)) return false;
    const want = like.get(field);
    if (Array.isArray(want)) return Array.isArray(value);
    return want === null || want === undefined || typeof value === typeof want;
  });
}
