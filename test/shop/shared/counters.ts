/**
 * Counters of one test shop over a MemoryNetwork: each a ShopState on its own bus, with its
 * saved doc kept in memory so it can be closed and opened again (a restart).
 */
import type { LogRecord } from '../../../main/api/log';
import type { Logger } from '../../../main/api/log';
import type { CheckInEvent } from '../../../main/shop/shared/records';
import { ShopState, type OwnHold } from '../../../main/shop/shared/shop-state';
import * as Y from 'yjs';
import type { MemoryBus, MemoryNetwork } from '../../support/memory-bus';

export const STORE = 'store-1';
export const DAY = '2026-11-23';

export class SavedDoc {
  data: Uint8Array | null = null;
  saves = 0;
  load(): Uint8Array | null {
    return this.data;
  }
  save(update: Uint8Array): void {
    this.saves++;
    this.data = update;
  }
}

export function recordingLogger(): Logger & { records: LogRecord[] } {
  const records: LogRecord[] = [];
  const at =
    (level: LogRecord['level']) =>
    (event: string, fields: Record<string, unknown> = {}) =>
      records.push({ ...fields, level, event });
  return { records, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export interface TestCounter {
  id: string;
  state: ShopState;
  saved: SavedDoc;
  logger: ReturnType<typeof recordingLogger>;
}

export function openCounter(
  network: MemoryNetwork,
  id: string,
  saved = new SavedDoc(),
  antiEntropyMs = 50,
): TestCounter {
  const logger = recordingLogger();
  const state = new ShopState({
    bus: network.join(id),
    storeId: STORE,
    counter: { id, name: `受付${id}` },
    logger,
    now: () => 1_795_000_000_000,
    persist: saved,
    antiEntropyMs,
    saveDelayMs: 10,
  });
  return { id, state, saved, logger };
}

/** Close (saving) and leave the network, as a counter that is shut down. */
export function closeCounter(network: MemoryNetwork, counter: TestCounter): void {
  counter.state.close();
  network.leave(counter.id);
}

let serial = 0;

export function checkIn(
  counter: string,
  reservationId: string,
  fields: Partial<CheckInEvent> = {},
): CheckInEvent {
  return {
    id: `${counter}-e${++serial}`,
    reservationId,
    date: DAY,
    state: 'arrived',
    adults: 2,
    children: 0,
    at: 1_795_000_000_000 + serial,
    offline: false,
    counterId: counter,
    counterName: `受付${counter}`,
    basis: null,
    ...fields,
  };
}

export function hold(entryId: string, fields: Partial<OwnHold> = {}): OwnHold {
  return {
    entryId,
    productId: 'p-1',
    date: DAY,
    startTime: '10:00',
    adults: 2,
    children: 1,
    takenAt: 1_795_000_000_000,
    ...fields,
  };
}

/** Event ids a counter holds for a date, sorted (what convergence compares). */
export function eventIds(counter: TestCounter, date = DAY): string[] {
  return counter.state
    .checkInEvents(date)
    .map((e) => e.id)
    .sort();
}

/** A doc written by hand and sent as a peer would: records our schemas may refuse. */
export function sendRaw(bus: MemoryBus, to: string, write: (doc: Y.Doc) => void): void {
  const doc = new Y.Doc();
  write(doc);
  // y-protocols: messageYjsUpdate (2), then the update as a var-length byte array.
  const update = Y.encodeStateAsUpdate(doc);
  const header = [2, ...varUint(update.length)];
  const data = Buffer.concat([Buffer.from(header), Buffer.from(update)]).toString('base64');
  bus.send(to, { kind: 'doc', data });
}

function varUint(n: number): number[] {
  const out: number[] = [];
  while (n > 127) {
    out.push((n & 127) | 128);
    n >>>= 7;
  }
  out.push(n);
  return out;
}
