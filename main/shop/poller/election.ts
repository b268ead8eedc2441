/**
 * Which counter polls the service for the shop: the lowest counter id among this counter and the
 * present peers that speak our protocol. Every counter computes it from what it sees, so no
 * message is needed; a counter that goes away is marked absent by the bus (within a few seconds
 * on the wire) and the next lowest takes over at once. While counters see different sets (a
 * split LAN), each part elects its own poller: each part still works, and they agree again when
 * they meet.
 */
import { SHOP_PROTOCOL, type CounterId, type ShopBus } from '../bus';

export class Election {
  private current: CounterId;
  private readonly listeners = new Set<(poller: CounterId) => void>();
  private readonly stop: () => void;

  constructor(private readonly bus: ShopBus) {
    this.current = this.elect();
    this.stop = bus.onPeers(() => this.evaluate());
  }

  /** The counter that polls for the shop, as this counter sees it (possibly itself). */
  poller(): CounterId {
    return this.current;
  }

  isPoller(): boolean {
    return this.current === this.bus.counterId;
  }

  /** The poller changed (to `poller`). */
  onChange(listener: (poller: CounterId) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.stop();
    this.listeners.clear();
  }

  private evaluate(): void {
    const next = this.elect();
    if (next === this.current) return;
    this.current = next;
    for (const l of [...this.listeners]) l(next);
  }

  private elect(): CounterId {
    let lowest = this.bus.counterId;
    for (const p of this.bus.peers()) {
      const id = p.presence.counterId;
      if (p.present && p.presence.protocol === SHOP_PROTOCOL && id < lowest) lowest = id;
    }
    return lowest;
  }
}
