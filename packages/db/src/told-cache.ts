import type { ChangeListener } from "./notifications";

/**
 * What every cache the database tells of its changes shares (the sessions' and the answers'): it
 * keeps nothing while the server is not listening (changes may go untold), forgets everything when
 * listening starts or stops, and numbers each change, so a reading that began before a change (its
 * `mark`) is not kept after it. What a change forgets is each cache's own (`changed`).
 */
export abstract class ToldCache implements ChangeListener {
  #generation = 0;
  /** The generation of the last time everything was forgotten: what was read before is not kept. */
  #clearedAt = 0;
  #listening = false;

  /** Taken before reading from the database, and given back when keeping what was read. */
  mark(): number {
    return this.#generation;
  }

  /** Whether changes are told now. */
  get isListening(): boolean {
    return this.#listening;
  }

  /** A change was told: the number it goes by. */
  protected nextGeneration(): number {
    return ++this.#generation;
  }

  /** Whether what was read at `mark` may be kept as far as listening goes: told of since, and not cleared after. */
  protected keepable(mark: number): boolean {
    return this.#listening && mark >= this.#clearedAt;
  }

  /** What the payload of a change forgets. */
  abstract changed(payload: string): void;

  /** Drops every kept entry. */
  protected abstract forgetAll(): void;

  /** Forgets everything (a change may have gone untold). */
  clear(): void {
    this.#clearedAt = this.nextGeneration();
    this.forgetAll();
  }

  listening(): void {
    this.clear();
    this.#listening = true;
  }

  deaf(): void {
    this.#listening = false;
    this.clear();
  }
}
