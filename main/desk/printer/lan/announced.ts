/**
 * Printers that announce themselves on the LAN by mDNS/DNS-SD (decision AC3): Epson's TM and
 * Star's LAN printers announce their raw port as `_pdl-datastream._tcp` (9100); `_printer._tcp`
 * (LPD) and `_ipp._tcp` name the same printer on other ports and are kept as hints only: the raw
 * port 9100 at that address is what is asked. Office printers announce the same services: each is
 * marked by whether its words name a receipt printer. Browsed for `timeMs` (a few seconds: printers answer
 * a query within one), `limit` printers at most, stopped early by `signal`.
 */
import { Bonjour, type Service } from 'bonjour-service';
import { systemClock, type Clock } from '../../../common/clock';
import { dialAddresses } from '../../../shop/mesh/discovery';
import { namesReceiptPrinter } from './models';

export const RAW_TYPE = 'pdl-datastream';
/** Announced by printers whose raw port is not announced; their address is tried on 9100. */
const HINT_TYPES = ['printer', 'ipp'];

export interface Announced {
  host: string;
  port: number;
  /** The announcement's name and make (TXT `ty`, `usb_MFG`/`usb_MDL`, `product`): a hint. */
  name: string;
  /** Its words (name or TXT) name a receipt printer: only then is it asked (models.ts). */
  receipt: boolean;
}

export interface BrowseOptions {
  timeMs?: number;
  limit?: number;
  clock?: Clock;
  signal?: AbortSignal;
  /** Each printer as it is seen (the search's progress). */
  onFound?: (printer: Announced) => void;
  /** The raw port asked where only a hint (`_printer`, `_ipp`) was announced. */
  rawPort?: number;
  /** bonjour-service's errors (a closed socket, a malformed packet). */
  onError?: (error: unknown) => void;
}

const txtText = (txt: unknown, key: string): string | null => {
  if (!txt || typeof txt !== 'object') return null;
  const v = (txt as Record<string, unknown>)[key];
  return typeof v === 'string' ? v.replace(/[()]/g, '').trim().slice(0, 64) || null : null;
};

/** Everything the announcement says of itself, for telling a receipt printer from another. */
function wordsOf(service: Service): string {
  const txt = service.txt as unknown;
  const keys = ['ty', 'product', 'usb_MFG', 'usb_MDL', 'note'];
  return [String(service.name ?? ''), ...keys.map((k) => txtText(txt, k) ?? '')].join(' ');
}

/** The announcement's own words for what it is. */
function nameOf(service: Service): string {
  const txt = service.txt as unknown;
  const make = txtText(txt, 'ty') ?? txtText(txt, 'product');
  const usb = [txtText(txt, 'usb_MFG'), txtText(txt, 'usb_MDL')].filter(Boolean).join(' ');
  return (make ?? (usb || String(service.name ?? ''))).replace(/[^\x20-\x7e]/g, '').slice(0, 64);
}

export function browsePrinters(options: BrowseOptions = {}): Promise<Announced[]> {
  const clock = options.clock ?? systemClock;
  const limit = options.limit ?? 32;
  const found = new Map<string, Announced>();
  return new Promise((resolve) => {
    if (options.signal?.aborted) return resolve([]);
    const bonjour = new Bonjour({}, (error: unknown) => options.onError?.(error));
    const add = (service: Service, raw: boolean) => {
      if (found.size >= limit) return;
      const name = nameOf(service);
      // One address per printer: the first IPv4 one (this machine's own on loopback).
      const host = dialAddresses(service)[0];
      if (!host) return;
      const port =
        raw && Number.isInteger(service.port) && service.port > 0
          ? service.port
          : (options.rawPort ?? 9100);
      const key = `${host}:${port}`;
      const known = found.get(key);
      const receipt = namesReceiptPrinter(wordsOf(service));
      // A receipt printer's announcement (or a raw one) names it better than another's.
      if (known && (known.receipt || !receipt) && !(raw && !known.name)) return;
      const printer = { host, port, name: (receipt ? name : known?.name) || name, receipt };
      found.set(key, printer);
      if (!known) options.onFound?.(printer);
      if (found.size >= limit) finish();
    };
    const browsers = [
      bonjour.find({ type: RAW_TYPE }, (s: Service) => add(s, true)),
      ...HINT_TYPES.map((type) => bonjour.find({ type }, (s: Service) => add(s, false))),
    ];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      timer.cancel();
      options.signal?.removeEventListener('abort', finish);
      for (const b of browsers) b.stop();
      bonjour.destroy(() => resolve([...found.values()]));
    };
    const timer = clock.after(options.timeMs ?? 3000, finish);
    options.signal?.addEventListener('abort', finish);
  });
}
