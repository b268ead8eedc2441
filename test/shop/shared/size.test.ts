/**
 * How large the shared doc grows (docs/decisions.md, H4): a very busy day, written over
 * ten sessions (each a new Yjs client), must still fit in one sync message (a step 2 carries the
 * whole doc to a new counter); and a month of days, each purged, leaves only a small trace.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES } from '../../../main/shop/bus';
import { MemoryNetwork } from '../../support/memory-bus';
import { checkIn, DAY, hold, openCounter, SavedDoc, type TestCounter } from './counters';

const open: TestCounter[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.state.close();
});

/** Ten sessions of one counter on the same saved doc, each adding `perSession` check-ins. */
function busyDay(perSession: number, sessions: number, date = DAY, saved = new SavedDoc()) {
  for (let s = 0; s < sessions; s++) {
    const c = openCounter(new MemoryNetwork(), 'a', saved, 0);
    for (let i = 0; i < perSession; i++)
      c.state.addCheckInEvent(
        checkIn('a', `r-${s}-${i}`, { date, basis: i % 3 === 0 ? null : `a-e${i}` }),
      );
    c.state.setOwnHolds([hold(`w-${s}`, { date })]);
    c.state.close();
  }
  return saved;
}

describe('the shared doc’s size', () => {
  it('holds 5 000 check-ins of one day over 10 restarts within one sync message', () => {
    const started = performance.now();
    const saved = busyDay(500, 10);
    const ms = performance.now() - started;
    const loading = performance.now();
    const c = openCounter(new MemoryNetwork(), 'a', saved, 0);
    const loadMs = performance.now() - loading;
    open.push(c);
    expect(c.state.checkInEvents(DAY)).toHaveLength(5_000);
    const bytes = c.state.encodedState().length;
    // What a step 2 to a new counter carries, as base64 in one message.
    expect(Math.ceil(bytes / 3) * 4).toBeLessThan(MAX_MESSAGE_BYTES);
    console.log(
      `shared doc: 5000 check-ins, 10 sessions: ${bytes} bytes (${Math.round(bytes / 5_000)} per event), written in ${Math.round(ms)} ms, loaded in ${Math.round(loadMs)} ms`,
    );
  });

  it('keeps only a small trace of purged days', () => {
    const saved = new SavedDoc();
    for (let day = 1; day <= 30; day++) {
      const date = `2026-11-${String(day).padStart(2, '0')}`;
      busyDay(300, 1, date, saved);
      const c = openCounter(new MemoryNetwork(), 'a', saved, 0);
      c.state.purgeBefore(date);
      c.state.close();
    }
    const c = openCounter(new MemoryNetwork(), 'a', saved, 0);
    open.push(c);
    expect(c.state.checkInEvents('2026-11-30')).toHaveLength(300);
    const bytes = c.state.encodedState().length;
    const oneDay = busyDay(300, 1, '2026-11-30').data!.length;
    console.log(
      `shared doc: 30 days of 300 check-ins, purged daily: ${bytes} bytes (one day alone: ${oneDay})`,
    );
    expect(bytes).toBeLessThan(oneDay + 5_000);
  });
});
