/**
 * The LAN's receipt printers found and asked what they are (decisions AC3–AC7): those announced by
 * mDNS, the Epsons that answer Epson's UDP query, and those answering on the raw port across a
 * typed range, side by side — receipt printers only, an office printer left alone (models.ts);
 * then each asked (a few at a time), each on its own: one that says nothing or garbage is listed
 * as an unknown model and never holds up the others. One search at a time: a new one, or `stop`,
 * ends the last, whose answer is what it found so far.
 */
import type { Clock } from '../../../common/clock';
import type { DiscoveryProgress, FoundPrinter, PrinterIdentity } from '../../../ipc/contract';
import { browsePrinters } from './announced';
import { askPrinter, UNANSWERED } from './ask';
import { findEpsons } from './epson-udp';
import { namesReceiptPrinter, namesStar, offerFor } from './models';
import { addressesOf, probe } from './range';

export interface LanOptions {
  /** How long announcements are listened for. */
  browseMs: number;
  /** How long a printer has to accept a connection and to answer each question. */
  answerMs: number;
  /** The range probe's limits. */
  concurrency: number;
  connectMs: number;
  probeMs: number;
  /** Printers at most (announced and probed together). */
  limit: number;
  /** The raw port of a printer found without one (Epson's UDP answer, an LPD or IPP hint). */
  rawPort: number;
  /** Where Epson's UDP query goes (tests: a fake on loopback, or none); by default broadcast. */
  epsonTargets?: { address: string; port: number }[];
  clock?: Clock;
}

export const LAN_DEFAULTS: LanOptions = {
  browseMs: 3000,
  answerMs: 800,
  concurrency: 32,
  connectMs: 500,
  probeMs: 15_000,
  limit: 32,
  rawPort: 9100,
};

/** Printers asked at once (each holds one connection). */
const ASKING_AT_ONCE = 8;

interface Candidate {
  host: string;
  port: number;
  hint: string | null;
  foundBy: 'announced' | 'probed';
}

export interface DiscoverRequest {
  range: string | null;
  port: number;
}

export async function discoverPrinters(
  request: DiscoverRequest,
  options: LanOptions & {
    signal: AbortSignal;
    onProgress: (p: DiscoveryProgress) => void;
    onError?: (error: unknown) => void;
  },
): Promise<FoundPrinter[]> {
  const { signal, onProgress, clock } = options;
  const hosts = request.range ? (addressesOf(request.range) ?? []) : [];
  /** Printers heard (by mDNS or Epson's UDP), by address and port: counted once each. */
  const heardAt = new Set<string>();
  let probed = { done: 0, open: 0 };
  const say = (phase: DiscoveryProgress['phase'], done: number, total: number, found: number) =>
    onProgress({ phase, done, total, found });
  const searching = () =>
    hosts.length > 0
      ? say('probe', probed.done, hosts.length, heardAt.size + probed.open)
      : say('announcements', 0, 0, heardAt.size);
  const heard = (key: string) => {
    if (heardAt.has(key)) return;
    heardAt.add(key);
    searching();
  };
  searching();
  const [announced, epsons, open] = await Promise.all([
    browsePrinters({
      timeMs: options.browseMs,
      limit: options.limit,
      rawPort: options.rawPort,
      clock,
      signal,
      onError: options.onError,
      onFound: (a) => a.receipt && heard(`${a.host}:${a.port}`),
    }),
    findEpsons({
      timeMs: options.browseMs,
      limit: options.limit,
      clock,
      signal,
      targets: options.epsonTargets,
      onFound: (e) => namesReceiptPrinter(e.name) && heard(`${e.host}:${options.rawPort}`),
    }),
    probe(hosts, {
      port: request.port,
      concurrency: options.concurrency,
      connectMs: options.connectMs,
      totalMs: options.probeMs,
      clock,
      signal,
      onProgress: (done, _total, openNow) => ((probed = { done, open: openNow }), searching()),
    }),
  ]);
  const candidates = new Map<string, Candidate>();
  // Another kind of printer (an office one) is neither listed nor asked, even in a typed range.
  const others = new Set<string>();
  for (const a of announced) {
    if (!a.receipt) {
      others.add(`${a.host}:${a.port}`);
      continue;
    }
    candidates.set(`${a.host}:${a.port}`, { ...a, hint: a.name || null, foundBy: 'announced' });
  }
  for (const e of epsons) {
    const key = `${e.host}:${options.rawPort}`;
    if (!namesReceiptPrinter(e.name)) others.add(key);
    else if (!candidates.has(key))
      candidates.set(key, {
        host: e.host,
        port: options.rawPort,
        hint: `EPSON ${e.name}`,
        foundBy: 'announced',
      });
  }
  for (const host of open) {
    const key = `${host}:${request.port}`;
    if (!candidates.has(key) && !others.has(key))
      candidates.set(key, { host, port: request.port, hint: null, foundBy: 'probed' });
  }
  const list = [...candidates.values()].slice(0, options.limit);
  // Null: not asked (the search was stopped first).
  const identities: (PrinterIdentity | null)[] = Array.from({ length: list.length }, () => null);
  let asked = 0;
  let next = 0;
  say('asking', 0, list.length, list.length);
  const worker = async () => {
    while (next < list.length) {
      const i = next++;
      const c = list[i]!;
      if (signal.aborted) continue;
      identities[i] = await askPrinter(c.host, c.port, {
        answerMs: options.answerMs,
        clock,
        signal,
        first: namesStar(c.hint) ? 'starprnt' : 'escpos',
      }).catch(() => UNANSWERED);
      say('asking', ++asked, list.length, list.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(ASKING_AT_ONCE, list.length) }, worker));
  say('done', list.length, list.length, list.length);
  return list.map((c, i) => foundOf(c, identities[i] ?? null));
}

function foundOf(c: Candidate, identity: PrinterIdentity | null): FoundPrinter {
  const said = [identity?.maker, identity?.model].filter(Boolean).join(' ');
  return {
    name: said || c.hint || `${c.host}:${c.port}`,
    connection: { kind: 'network', host: c.host, port: c.port },
    isDefault: false,
    foundBy: c.foundBy,
    identity,
    offer: offerFor(c.host, c.port, identity ?? UNANSWERED, c.hint),
  };
}

/** One search at a time; a new one or `stop` ends the last. */
export class LanSearch {
  private current: AbortController | null = null;

  constructor(
    private readonly options: LanOptions & {
      onProgress: (p: DiscoveryProgress) => void;
      onError?: (error: unknown) => void;
    },
  ) {}

  async discover(
    request: DiscoverRequest,
  ): Promise<{ printers: FoundPrinter[]; stopped: boolean }> {
    this.current?.abort();
    const controller = new AbortController();
    this.current = controller;
    // A search ended by a newer one says no more: the progress shown is the newer one's.
    const onProgress = (p: DiscoveryProgress) => {
      if (this.current === controller || (this.current === null && p.phase === 'done'))
        this.options.onProgress(p);
    };
    try {
      const printers = await discoverPrinters(request, {
        ...this.options,
        onProgress,
        signal: controller.signal,
      });
      return { printers, stopped: controller.signal.aborted };
    } finally {
      if (this.current === controller) this.current = null;
    }
  }

  stop(): boolean {
    const running = this.current !== null;
    this.current?.abort();
    this.current = null;
    return running;
  }
}
