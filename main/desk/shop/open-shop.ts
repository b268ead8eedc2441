/**
 * The shop as the desk opens it for a live session with sharing on: the wire (a `Mesh` over
 * TLS-PSK, keyed by the session's API key and store, found by mDNS and the peer list) carrying
 * the session's part in the shop (`Session.attachShop`: election, relay, shared state). A change
 * of name, peers or port opens it again; a build whose TLS cannot make the mesh (L9) shows the
 * shop as unavailable and the counter works alone.
 */
import { networkInterfaces } from 'node:os';
import { isIPv4 } from 'node:net';
import { JoinHost } from '../../shop/join/host';
import { DEFAULT_SHOP_PORT, Mesh } from '../../shop/mesh/mesh';
import { meshSupported } from '../../shop/mesh/self-test';
import { shopSecrets } from '../../shop/mesh/keys';
import type { ShopConfig, ShopOpener, ShopOpening, ShopPort, ShopPortView } from './port';

export interface ShopNetwork {
  /** Where the listener binds: every interface in a shop, loopback on a test machine. */
  listenHost: string;
  /** Publish and browse by mDNS (off where tests cut the LAN between counters). */
  discovery: boolean;
  /** A port that wins over set-up's (the host's --shop-port; 0: a free one). */
  port?: number;
  /** Static peers that win over set-up's (the host's --peer). */
  peers?: string[];
  /** The listener is bound (the host prints its port). */
  onListening?: (port: number) => void;
  /** Tuning (tests): the wire's heartbeat and the shared state's anti-entropy. */
  heartbeatMs?: number;
  deadAfterMs?: number;
  antiEntropyMs?: number;
}

/** Once per process: can this runtime's TLS make the shop's mesh at all? */
let supported: Promise<boolean> | null = null;

export function meshShopOpener(network: ShopNetwork): ShopOpener {
  supported ??= meshSupported();
  const check = supported;
  return (opening) => new MeshShopPort(opening, network, check);
}

/** Private ranges first: the shop's LAN rather than a VPN's or a public address. */
const PRIVATE = /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/;

/**
 * The IPv4 address a join code carries (H13): the listener's own when it is bound to one (loopback
 * on a test machine), else this PC's on the LAN — a private one first; null when it has none.
 */
export function joinAddress(listenHost: string): string | null {
  if (isIPv4(listenHost) && listenHost !== '0.0.0.0') return listenHost;
  const all = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && a.family === 'IPv4' && !a.internal)
    .map((a) => a!.address);
  return all.find((a) => PRIVATE.test(a)) ?? all[0] ?? null;
}

class MeshShopPort implements ShopPort {
  private mesh: Mesh | null = null;
  private join: JoinHost | null = null;
  /** The mesh listener's port once bound (a join code's peers name it). */
  private meshPort: number | null = null;
  /** Resolves with it, or null when it could not bind. */
  private listening: Promise<number | null> = Promise.resolve(null);
  private readonly listeners = new Set<() => void>();
  private stopPeers: (() => void) | null = null;
  private meshable: boolean | null = null;
  private closed = false;

  constructor(
    private readonly opening: ShopOpening,
    private readonly network: ShopNetwork,
    meshable: Promise<boolean>,
  ) {
    void meshable.then((ok) => {
      this.meshable = ok;
      if (!ok) opening.logger.warn('shop.mesh_unsupported', {});
      else if (!this.closed) this.open(opening.config);
      this.changed();
    });
  }

  view(): ShopPortView | null {
    const shop = this.opening.session.shop;
    if (!this.mesh || !shop) return null;
    const { self, counters, following } = shop.view();
    return { self, counters, following };
  }

  reconfigure(config: ShopConfig): void {
    if (this.closed || !this.meshable) return;
    // The old listener lets go of its port before the new one binds it.
    void this.teardown().then(() => {
      if (this.closed) return;
      this.open(config);
      this.changed();
    });
  }

  async showJoinCode(): Promise<{ code: string; expiresAt: number }> {
    const join = this.join;
    // Once listening; its port taken, a counter that joined could not reach this one.
    if (!join || (await this.listening) === null) throw new Error('not_listening');
    return join.show();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.teardown();
  }

  private open(config: ShopConfig): void {
    const { session, logger } = this.opening;
    const { network } = this;
    const secrets = shopSecrets(session.apiKey(), session.storeId);
    const mesh = new Mesh({
      counterId: config.counterId,
      name: config.name,
      secrets,
      listen: { host: network.listenHost, port: network.port ?? config.port ?? DEFAULT_SHOP_PORT },
      peers: network.peers ?? config.peers,
      discovery: network.discovery,
      heartbeatMs: network.heartbeatMs,
      deadAfterMs: network.deadAfterMs,
      logger,
    });
    this.mesh = mesh;
    session.attachShop(mesh, config.name, { antiEntropyMs: network.antiEntropyMs });
    this.stopPeers = mesh.onPeers(() => this.changed());
    this.meshPort = null;
    this.join = new JoinHost({
      listenHost: network.listenHost,
      address: () => joinAddress(network.listenHost),
      tag: secrets.tag,
      name: () => config.name,
      // This counter where the code's address reaches it, then those present where we reach them.
      peers: (address) => [
        ...(this.meshPort === null ? [] : [`${address}:${this.meshPort}`]),
        ...mesh
          .peers()
          .filter((p) => p.present && p.address)
          .map((p) => p.address!)
          .slice(0, 15),
      ],
      // This PC's clock as the desk reads it (its correction is added where the code is shown).
      now: () => session.time.pcNow(),
      logger,
    });
    this.listening = mesh.start().then(
      (port) => {
        if (this.mesh === mesh) this.meshPort = port;
        network.onListening?.(port);
        return port;
      },
      // A port taken by another program: the counter still dials the others.
      (error: NodeJS.ErrnoException) => {
        logger.warn('shop.listen_failed', { code: error.code ?? error.name });
        return null;
      },
    );
  }

  private async teardown(): Promise<void> {
    this.stopPeers?.();
    this.stopPeers = null;
    this.opening.session.detachShop();
    const mesh = this.mesh;
    const join = this.join;
    this.mesh = null;
    this.join = null;
    await Promise.all([mesh?.close(), join?.close()]);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
