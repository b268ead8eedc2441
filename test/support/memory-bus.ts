/**
 * An in-memory network of shop buses for tests of what sits above the bus (shared state,
 * election, relay): counters join and leave, the network splits into groups and heals, and
 * messages are dropped, duplicated or delayed (so reordered) with a seeded random — every fault
 * the wire can show, on demand and repeatable. The real wire (main/shop/mesh) has its own tests
 * over TLS on loopback.
 */
import {
  CounterPresence,
  SHOP_PROTOCOL,
  ShopMessage,
  type CounterId,
  type Peer,
  type ShopBus,
} from '../../main/shop/bus';

export interface Faults {
  /** Chance that a message is lost. */
  drop: number;
  /** Chance that a message arrives twice. */
  duplicate: number;
  /** Each message waits 0..maxDelayMs (so later ones may overtake it). */
  maxDelayMs: number;
}

const NO_FAULTS: Faults = { drop: 0, duplicate: 0, maxDelayMs: 0 };

/** A small seeded PRNG (mulberry32): the same seed, the same faults. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class MemoryNetwork {
  private readonly buses = new Map<CounterId, MemoryBus>();
  /** Counter → group; counters in different groups cannot reach each other. */
  private groups = new Map<CounterId, number>();
  faults: Faults = NO_FAULTS;
  /** Messages handed to the network and not yet delivered or lost. */
  inFlight = 0;
  delivered = 0;

  constructor(
    readonly random: () => number = seeded(1),
    readonly now: () => number = Date.now,
  ) {}

  join(counterId: CounterId, name = counterId): MemoryBus {
    if (this.buses.has(counterId)) throw new Error(`${counterId} already joined`);
    const bus = new MemoryBus(this, counterId, name);
    this.buses.set(counterId, bus);
    this.changed();
    return bus;
  }

  /** The counter is gone (closed, or killed): the others see it leave at once. */
  leave(counterId: CounterId): void {
    if (this.buses.delete(counterId)) this.changed();
  }

  /** Split the network: each list is a group; counters not listed are alone. */
  partition(...groups: CounterId[][]): void {
    this.groups = new Map();
    let g = 1;
    for (const members of groups) {
      for (const id of members) this.groups.set(id, g);
      g++;
    }
    for (const id of this.buses.keys()) if (!this.groups.has(id)) this.groups.set(id, g++);
    this.changed();
  }

  heal(): void {
    this.groups = new Map();
    this.changed();
  }

  reachable(a: CounterId, b: CounterId): boolean {
    if (a === b || !this.buses.has(a) || !this.buses.has(b)) return false;
    return (this.groups.get(a) ?? 0) === (this.groups.get(b) ?? 0);
  }

  members(): CounterId[] {
    return [...this.buses.keys()];
  }

  bus(counterId: CounterId): MemoryBus | undefined {
    return this.buses.get(counterId);
  }

  /** Wait until nothing is in flight (bounded: fails after `timeoutMs`). */
  async settle(timeoutMs = 5_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      await new Promise((r) => setTimeout(r, 5));
      if (this.inFlight === 0) return;
      if (Date.now() > until) throw new Error(`network did not settle: ${this.inFlight} in flight`);
    }
  }

  /** @internal */
  deliver(from: CounterId, to: CounterId, message: ShopMessage): boolean {
    if (!this.reachable(from, to)) return false;
    // What crosses the wire is JSON: a test sees what a real peer would send, no shared objects.
    const wire = JSON.stringify(message);
    const { drop, duplicate, maxDelayMs } = this.faults;
    if (this.random() < drop) return true; // lost on the way: the sender cannot tell
    const copies = this.random() < duplicate ? 2 : 1;
    for (let i = 0; i < copies; i++) {
      const delay = maxDelayMs > 0 ? Math.floor(this.random() * maxDelayMs) : 0;
      this.inFlight++;
      setTimeout(() => {
        this.inFlight--;
        // Cut off (or gone) meanwhile: lost.
        if (!this.reachable(from, to)) return;
        this.delivered++;
        this.buses.get(to)?.receive(from, ShopMessage.parse(JSON.parse(wire)));
      }, delay);
    }
    return true;
  }

  /** @internal */
  presenceOf(counterId: CounterId): CounterPresence | null {
    return this.buses.get(counterId)?.presence() ?? null;
  }

  /** @internal */
  changed(): void {
    for (const bus of this.buses.values()) bus.refresh();
  }
}

export class MemoryBus implements ShopBus {
  private own: CounterPresence;
  private readonly known = new Map<CounterId, Peer>();
  private readonly messageListeners = new Set<(from: CounterId, m: ShopMessage) => void>();
  private readonly peerListeners = new Set<() => void>();
  private closed = false;

  constructor(
    private readonly network: MemoryNetwork,
    readonly counterId: CounterId,
    name: string,
  ) {
    this.own = CounterPresence.parse({
      counterId,
      name,
      polling: false,
      link: 'unknown',
      recentRequests: 0,
      protocol: SHOP_PROTOCOL,
    });
  }

  setPresence(presence: Omit<CounterPresence, 'counterId' | 'protocol'>): void {
    this.own = CounterPresence.parse({ ...this.own, ...presence });
    this.network.changed();
  }

  presence(): CounterPresence {
    return this.own;
  }

  peers(): Peer[] {
    return [...this.known.values()].map((p) => ({ ...p }));
  }

  send(to: CounterId, message: ShopMessage): boolean {
    if (this.closed) return false;
    return this.network.deliver(this.counterId, to, ShopMessage.parse(message));
  }

  broadcast(message: ShopMessage, except?: CounterId): number {
    let sent = 0;
    for (const p of this.known.values())
      if (p.present && p.presence.counterId !== except && this.send(p.presence.counterId, message))
        sent++;
    return sent;
  }

  onMessage(listener: (from: CounterId, message: ShopMessage) => void): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  onPeers(listener: () => void): () => void {
    this.peerListeners.add(listener);
    return () => this.peerListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.network.leave(this.counterId);
    this.refresh();
  }

  /** @internal */
  receive(from: CounterId, message: ShopMessage): void {
    if (this.closed) return;
    const peer = this.known.get(from);
    if (peer) peer.lastSeen = this.network.now();
    for (const l of this.messageListeners) l(from, message);
  }

  /** @internal Presence as the network now is: who is reachable, with what they say. */
  refresh(): void {
    let changed = false;
    const now = this.network.now();
    for (const id of this.allIds()) {
      if (id === this.counterId) continue;
      const reachable = !this.closed && this.network.reachable(this.counterId, id);
      const presence = reachable ? this.network.presenceOf(id) : null;
      const before = this.known.get(id);
      if (presence) {
        if (
          !before ||
          !before.present ||
          JSON.stringify(before.presence) !== JSON.stringify(presence)
        ) {
          this.known.set(id, { presence, present: true, lastSeen: now, address: 'memory' });
          changed = true;
        }
      } else if (before?.present) {
        this.known.set(id, { ...before, present: false });
        changed = true;
      }
    }
    if (changed) for (const l of this.peerListeners) l();
  }

  private allIds(): CounterId[] {
    const ids = new Set<CounterId>(this.known.keys());
    for (const id of this.network.members()) ids.add(id);
    return [...ids];
  }
}
