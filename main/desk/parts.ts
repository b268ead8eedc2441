/**
 * Session parts (decision AA60): a feature's per-session state, declared in the feature's own
 * folder and kept by the session it belongs to — not in a module-level side table keyed by the
 * session, nor as a field the session must know. A part is built at its first use; one that takes
 * part in the shop's sharing says so with `share`, which runs while the session is attached to a
 * shop (at attachment for a part already built, at its building for one built later).
 *
 * This module knows no feature and no session: `Host` is whatever the session gives its parts.
 */

/** Stops what a share hook started (the shop detached, the session closed). */
export type Unshare = () => void;

export interface Part<Host, T, Shared = unknown> {
  readonly name: string;
  create(host: Host): T;
  // Methods, not function-typed fields: a session keeps parts of every `T` in one map.
  /** Joins the part to the shop's shared state while the session is attached to a shop. */
  share?(value: T, shared: Shared, host: Host): Unshare;
  /** What the part must let go of when its session ends (timers, listeners). */
  close?(value: T): void;
}

/** Declares a part: `create` runs once a session, at the part's first use there. */
export function definePart<Host, T, Shared = unknown>(
  name: string,
  create: (host: Host) => T,
  hooks: Pick<Part<Host, T, Shared>, 'share' | 'close'> = {},
): Part<Host, T, Shared> {
  return { name, create, ...hooks };
}

/** One session's parts, built lazily; `attach` and `detach` follow the session's shop. */
export class Parts<Host, Shared> {
  private readonly built = new Map<Part<Host, unknown, Shared>, unknown>();
  private readonly unshares = new Map<Part<Host, unknown, Shared>, Unshare>();
  private shared: Shared | null = null;
  private closed = false;

  constructor(private readonly host: Host) {}

  get<T>(part: Part<Host, T, Shared>): T {
    const key = part as Part<Host, unknown, Shared>;
    if (this.built.has(key)) return this.built.get(key) as T;
    if (this.closed) throw new Error(`part ${part.name}: the session is closed`);
    const value = part.create(this.host);
    this.built.set(key, value);
    if (this.shared !== null) this.share(key, value);
    return value;
  }

  has(part: Part<Host, unknown, Shared>): boolean {
    return this.built.has(part);
  }

  /**
   * The session joined a shop: every part built so far is shared, and `eager` parts are built now
   * — those whose state the other counters send whether or not this counter has used it yet.
   */
  attach(shared: Shared, eager: readonly Part<Host, unknown, Shared>[] = []): void {
    this.detach();
    this.shared = shared;
    for (const [part, value] of this.built) this.share(part, value);
    for (const part of eager) this.get(part);
  }

  /** The session left its shop: every share hook is undone, latest first. */
  detach(): void {
    const unshares = [...this.unshares.values()].reverse();
    this.unshares.clear();
    this.shared = null;
    for (const unshare of unshares) unshare();
  }

  /** The session ended: shares undone, each part's close run; no part is built after. */
  close(): void {
    this.detach();
    this.closed = true;
    for (const [part, value] of [...this.built].reverse()) part.close?.(value);
  }

  private share(part: Part<Host, unknown, Shared>, value: unknown): void {
    if (!part.share || this.shared === null || this.unshares.has(part)) return;
    this.unshares.set(part, part.share(value, this.shared, this.host));
  }
}
