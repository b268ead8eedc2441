/**
 * The calendar keeps its answers by their arguments (decision F61): what it answers from them must
 * be what luxon computes, whatever was asked before.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { bookableUntil, localToday, toSlot } from '../../sandbox/domain/calendar';
import type { ProductRecord, StoreRecord } from '../../sandbox/model';
import { DEMO } from '../../sandbox/scenario/demo';
import { startTestSandbox } from '../support/sandbox';

describe('the calendar, answered from what it kept', () => {
  it("gives each zone's own date up to the instant its day ends, and the next one from there", () => {
    for (const zone of ['Asia/Tokyo', 'America/New_York', 'Pacific/Apia', 'UTC']) {
      // Days around a daylight-saving change in New York, and ordinary days elsewhere.
      for (const date of ['2026-03-07', '2026-03-08', '2026-11-01', '2026-12-31']) {
        const start = DateTime.fromISO(date, { zone }).startOf('day').toMillis();
        const end = DateTime.fromISO(date, { zone }).endOf('day').toMillis();
        for (const at of [start, start - 1, start + 3_600_000, end, end + 1, end])
          expect(localToday(at, zone), `${zone} ${new Date(at).toISOString()}`).toBe(
            DateTime.fromMillis(at, { zone }).toISODate(),
          );
      }
    }
  });

  it('gives each product its own slot end and deadline on the same date and time', async () => {
    const sb = await startTestSandbox({ now: '2026-11-24T00:30:00.000Z' });
    try {
      const { state } = sb.sandbox.world;
      const store = state.stores.find((s) => s.id === DEMO.stores.kyoto)! as StoreRecord;
      const base = state.products.find((p) => p.storeId === store.id)! as ProductRecord;
      const product = (minutes: number, rule: ProductRecord['bookingDeadline']['rule']) => ({
        ...base,
        durationMinutes: minutes,
        bookingDeadline: { ignoredForApi: false, rule, slotOverrides: [] },
      });
      const time = { startTime: '10:00', capacity: 8 };
      const start = DateTime.fromISO('2026-12-02T10:00', { zone: store.timeZone });
      const cases = [
        { minutes: 60, rule: { minutesBefore: 30 }, deadline: start.minus({ minutes: 30 }) },
        { minutes: 90, rule: { minutesBefore: 120 }, deadline: start.minus({ minutes: 120 }) },
        {
          minutes: 90,
          rule: { daysBefore: 1, at: '18:00' },
          deadline: DateTime.fromISO('2026-12-01T18:00', { zone: store.timeZone }),
        },
        {
          minutes: 90,
          rule: { daysBefore: 2, at: '18:00' },
          deadline: DateTime.fromISO('2026-11-30T18:00', { zone: store.timeZone }),
        },
      ];
      for (const { minutes, rule, deadline } of cases) {
        const p = product(minutes, rule);
        const slot = toSlot(p, store, '2026-12-02', time);
        expect(slot).toMatchObject({
          startTime: '10:00',
          endTime: start.plus({ minutes }).toFormat('HH:mm'),
          startMs: start.toMillis(),
          endMs: start.plus({ minutes }).toMillis(),
          capacity: 8,
        });
        expect(bookableUntil(p, store, '2026-12-02', slot)).toBe(deadline.toMillis());
      }
      expect(toSlot(base, store, '2026-12-02', { startTime: '10:00', capacity: 3 }).capacity).toBe(
        3,
      );
    } finally {
      await sb.close();
    }
  });
});
