/**
 * Finding the shop's counters on the LAN by mDNS/DNS-SD (bonjour-service): each counter
 * publishes a `_front-desk._tcp` service on its listener's port with TXT `{ tag, id }` — the
 * discovery tag (derived from the key and store, one-way; never the store or the key) and its
 * counter id — and browses for the others. Services of another tag (another shop) and its own
 * are ignored; the rest are handed to the mesh, which proves the key in the TLS handshake.
 */
import { networkInterfaces } from 'node:os';
import { Bonjour, type Service } from 'bonjour-service';
import type { Logger } from '../../api/log';
import type { CounterId } from '../bus';

export const SERVICE_TYPE = 'front-desk';

export interface DiscoveryOptions {
  counterId: CounterId;
  tag: string;
  port: number;
  logger: Logger;
  onFound(host: string, port: number): void;
}

export interface Discovery {
  stop(): Promise<void>;
}

/** This machine's own addresses: a counter found there is dialled on loopback. */
function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? []) own.add(a.address);
  return own;
}

/** Where to dial a service: its IPv4 addresses (IPv6 ones when it has none). */
export function dialAddresses(service: Pick<Service, 'addresses' | 'referer'>): string[] {
  const all = [...(service.addresses ?? [])];
  if (service.referer?.address && !all.includes(service.referer.address))
    all.push(service.referer.address);
  const v4 = all.filter((a) => !a.includes(':'));
  const own = ownAddresses();
  const hosts = (v4.length > 0 ? v4 : all).map((a) => (own.has(a) ? '127.0.0.1' : a));
  return [...new Set(hosts)];
}

export function startDiscovery(options: DiscoveryOptions): Discovery {
  const { counterId, tag, logger } = options;
  const bonjour = new Bonjour({}, (error: unknown) =>
    logger.warn('shop.discovery.error', { message: String(error).slice(0, 200) }),
  );
  bonjour.publish({
    // Unique per counter (DNS-SD instance names must be), at most 63 bytes.
    name: `Front Desk ${counterId.slice(0, 48)}`,
    type: SERVICE_TYPE,
    port: options.port,
    txt: { tag, id: counterId },
  });
  const browser = bonjour.find({ type: SERVICE_TYPE }, (service: Service) => {
    const txt = (service.txt ?? {}) as Record<string, unknown>;
    if (txt.tag !== tag || txt.id === counterId) return;
    const hosts = dialAddresses(service);
    logger.debug('shop.discovery.found', { id: String(txt.id).slice(0, 64), hosts });
    for (const host of hosts) options.onFound(host, service.port);
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        browser.stop();
        bonjour.unpublishAll(() => bonjour.destroy(() => resolve()));
      }),
  };
}
