/**
 * Epson's UDP discovery (decision AC3): the documented query sent, a normal-end reply's sender
 * taken as an Epson printer, anything else ignored; bounded by its time, stopped by its signal.
 */
import { describe, expect, it } from 'vitest';
import {
  broadcastAddresses,
  ENPC_QUERY,
  enpcName,
  findEpsons,
  isEnpcReply,
} from '../../../../main/desk/printer/lan/epson-udp';
import { FakeClock } from '../../../support/fake-clock';
import { waitFor } from '../../../support/wait';
import { fakeEnpc } from './fake-printers';

describe('Epson’s UDP discovery', () => {
  it('reads a reply by its header and result code only', () => {
    const ok = Buffer.from([...Buffer.from('EPSONq'), 3, 0, 0, 0, 0, 0, 0, 0]);
    expect(isEnpcReply(ok)).toBe(true);
    expect(isEnpcReply(Buffer.from([...Buffer.from('EPSONq'), 3, 0, 0, 0, 0xff, 0xff, 0, 0]))).toBe(
      false,
    );
    expect(isEnpcReply(ENPC_QUERY)).toBe(false);
    expect(isEnpcReply(Buffer.from('EPSONq'))).toBe(false);
    expect(broadcastAddresses()).toContain('255.255.255.255');
    // The model its data names as text, the longest printable run (the layout is Epson's own).
    const data = Buffer.from([0, 5, 0x20, 2, 0x64, ...Buffer.from('TM-T88V'), 0, 0, 0x41]);
    expect(enpcName(Buffer.concat([ok, data]))).toBe('TM-T88V');
    expect(enpcName(ok)).toBe('');
  });

  it('finds the Epson that answers, ignoring garbage, and ends at its time', async () => {
    const fake = await fakeEnpc({ garbage: true });
    try {
      const clock = new FakeClock();
      const found: { host: string; name: string }[] = [];
      const finding = findEpsons({
        clock,
        timeMs: 3_000,
        targets: [{ address: '127.0.0.1', port: fake.port }],
        onFound: (h) => found.push(h),
      });
      await waitFor(() => found.length === 1, 'the Epson heard');
      expect(fake.queries).toEqual([ENPC_QUERY]);
      await clock.advance(3_000);
      expect(await finding).toEqual([{ host: '127.0.0.1', name: 'TM-m30' }]);
    } finally {
      await fake.close();
    }
  });

  it('stops when the search is stopped', async () => {
    const controller = new AbortController();
    const finding = findEpsons({ targets: [], timeMs: 60_000, signal: controller.signal });
    controller.abort();
    expect(await finding).toEqual([]);
  });
});
