/**
 * The guest's display (issue 31, decision M12): idle in Japanese until staff show something; each
 * screen replaces the last whole and is announced; the thanks carries its receipt's code; a code
 * still being drawn never lands on a later guest's screen.
 */
import { describe, expect, it } from 'vitest';
import { GuestDisplay } from '../../../main/desk/display/display';
import { qrModules } from '../../../main/desk/receipt/model';
import type { DisplayScreen, DisplayView } from '../../../main/ipc/contract';

const SALE: DisplayScreen = {
  kind: 'sale',
  product: '人力車',
  when: '10:00',
  adults: 2,
  children: 0,
  currency: 'JPY',
  total: 18_000,
  received: 20_000,
  change: 2_000,
};
const THANKS: DisplayScreen = {
  kind: 'thanks',
  currency: 'JPY',
  total: 18_000,
  change: 2_000,
  number: 'R-20261124-0001',
};

function display() {
  const shown: DisplayView[] = [];
  const guest = new GuestDisplay((event, payload) => {
    if (event === 'display.changed') shown.push(payload as DisplayView);
  });
  return { guest, shown };
}

describe("the guest's display", () => {
  it('starts idle, in Japanese, with nothing announced', () => {
    const { guest, shown } = display();
    expect(guest.get()).toEqual({ locale: 'ja', screen: { kind: 'idle' }, code: null });
    expect(shown).toEqual([]);
  });

  it('shows the sale whole and announces it; the language stays until staff change it', async () => {
    const { guest, shown } = display();
    const sale = await guest.show(SALE, 'en');
    expect(sale).toEqual({ locale: 'en', screen: SALE, code: null });
    expect(shown).toEqual([sale]);
    const idle = await guest.show({ kind: 'idle' }, null);
    expect(idle).toEqual({ locale: 'en', screen: { kind: 'idle' }, code: null });
    expect(guest.get()).toEqual(idle);
    expect(shown).toEqual([sale, idle]);
  });

  it("the thanks carries the code of the receipt's reservation number; without a number, none", async () => {
    const { guest } = display();
    const thanks = await guest.show(THANKS, null);
    expect(thanks.code).toEqual(await qrModules('R-20261124-0001'));
    expect(thanks.code!.length).toBeGreaterThan(20);
    const unconfirmed = await guest.show({ ...THANKS, number: null }, null);
    expect(unconfirmed.code).toBeNull();
  });

  it("a thanks whose code is still drawn when the next guest's sale is shown never replaces it", async () => {
    const { guest, shown } = display();
    const thanks = guest.show(THANKS, null); // the code is drawn behind it
    const sale = await guest.show(SALE, null);
    expect(await thanks).toEqual(sale);
    expect(guest.get()).toEqual({ locale: 'ja', screen: SALE, code: null });
    expect(shown.map((v) => v.screen.kind)).toEqual(['sale']);
  });
});
