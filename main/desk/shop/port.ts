/**
 * The seam between the desk and the shop (main/shop): what the desk needs of it to show the shop
 * and to apply set-up's changes, and how it is opened. The desk holds at most one port, for a
 * live session with sharing on (`shop-slot.ts`); without one it says why the counter works alone.
 */
import type { Logger } from '../../api/index';
import type { Counter } from '../../local/index';
import type { Session } from '../session';

/** What the shop is told of this counter: applied at once, no restart. */
export interface ShopConfig {
  /** This install's id (`counter.ts`). */
  counterId: string;
  /** The name staff chose, or the host name (1–40 characters). */
  name: string;
  /** Peer addresses as kept ("host", "host:port", "[ipv6]:port"; `parsePeer` reads them). */
  peers: string[];
  /** The port to listen on; null: the shop's default. */
  port: number | null;
}

/** A counter as the shop reports it; the desk checks each (a bad one is left out, alone). */
export interface ShopPortCounter {
  counterId: string;
  name: string;
  present: boolean;
  /** Epoch ms, our clock. */
  lastSeen: number;
  polling: boolean;
  link: string;
  /** Its PC's clock minus the shop's time, when off by more than the bound (H12). */
  clockSkewMs?: number | null;
}

export interface ShopPortView {
  self: { counterId: string; name: string; polling: boolean };
  /** The other counters heard of since start (this one, if listed, is left out). */
  counters: readonly ShopPortCounter[];
  /** The counter this one follows, when it pulled from it last (our time), what went wrong. */
  following?: {
    counterId: string;
    name: string;
    pulledAt: number | null;
    problem: string | null;
  } | null;
}

export interface ShopPort {
  /** The shop now; null while it cannot say (not started): shown as unavailable. */
  view(): ShopPortView | null;
  /** The name, the peers or the port changed. */
  reconfigure(config: ShopConfig): void;
  /** A counter came, went or changed (the status bar is told, at most 4 times a second). */
  onChange(listener: () => void): () => void;
  /** Sharing turned off, the session ends or the mode changes. */
  close(): void | Promise<void>;
  /**
   * A one-time code another counter joins this shop by (H13); throws `no_address` when this PC
   * has no IPv4 address on the LAN to put in it. Absent: this shop cannot show codes.
   */
  showJoinCode?(): Promise<{ code: string; expiresAt: number }>;
}

export interface ShopOpening {
  /** The live session the shop belongs to: its key and store (the PSK), client and cache. */
  session: Session;
  counter: Counter;
  config: ShopConfig;
  logger: Logger;
}

/** Opens the shop for a live session with sharing on; what the host composes (the lead's). */
export type ShopOpener = (opening: ShopOpening) => ShopPort;
