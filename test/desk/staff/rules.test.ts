/**
 * What each channel asks of its caller (issue 29, decision S23), as its feature declares it beside
 * its handler (decision AA51): a rule for every channel, the ones that depend on the request (a
 * cancel's reason and refund, a receipt printed before, an owner's record) reading it. What each
 * role may do is test/common/staff.test.ts's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Declarations } from '../../../main/desk/handlers';
import { needsOf, type RuleLook } from '../../../main/desk/staff/rules';
import type { DeskSession } from '../../../main/desk/desk-session';
import { staffBook } from '../../../main/desk/staff/book';
import { officeListsPart } from '../../../main/desk/office/office-lists';
import { channels, type Channel } from '../../../main/ipc/contract';
import { VALID } from '../../ipc/payloads';
import { deskDeclarations } from '../support';
import { SCREEN_NEEDS } from '../../../renderer/src/app/landing';

const parse = <C extends keyof typeof channels>(channel: C, request: unknown) =>
  channels[channel].request.parse(request) as never;

/** What a rule sees of a session: receipts printed of an entry, a member's role. */
function look(printed: string[] = [], roles: Record<string, string> = {}): RuleLook {
  return {
    session: {
      journal: {
        about: (id: string) => (printed.includes(id) ? [{ kind: 'receipt' }] : []),
      },
      part: (part: unknown) => {
        // Whether the head office manages the list (decision AB74): not enrolled here.
        if (part === officeListsPart) return { lists: null };
        expect(part).toBe(staffBook);
        return { get: (id: string) => (roles[id] ? { role: roles[id] } : null) };
      },
    } as unknown as DeskSession,
  };
}

let declared: Declarations;
beforeAll(async () => {
  declared = await deskDeclarations();
});

/** What `channel` asks of `request`, by the rule its feature declares. */
const needs = <C extends Channel>(channel: C, request: never, seen: RuleLook) =>
  needsOf(declared[channel].rule, request, seen);

describe('what each channel asks', () => {
  it('has a rule for every channel and no other', () => {
    expect(Object.keys(declared).sort()).toEqual(Object.keys(channels).sort());
  });

  it('asks the money and settings channels for their permission', () => {
    const of = (c: keyof typeof channels) => needs(c, parse(c, VALID[c]), look());
    expect(of('refund.record')).toEqual({ permissions: ['refund'] });
    expect(of('journal.correct')).toEqual({ permissions: ['correct'] });
    expect(of('close.commit')).toEqual({ permissions: ['close'] });
    expect(of('money.configure')).toEqual({ permissions: ['settings'] });
    expect(of('setup.saveKey')).toEqual({ permissions: ['settings'] });
    expect(of('staff.policy')).toEqual({ permissions: [], owner: true });
    // Who did it is all that is asked of what leaves a record; reading asks nothing.
    expect(of('walkin.book')).toEqual({ permissions: [] });
    expect(of('checkin.record')).toEqual({ permissions: [] });
    expect(of('day.get')).toBe('open');
    expect(of('close.preview')).toBe('open');
  });

  it('opens the screens signing in leaves for the day view with the permission the renderer names (decision AB81)', () => {
    for (const [screen, { opens, needs: permission }] of Object.entries(SCREEN_NEEDS))
      expect([screen, needs(opens, parse(opens, VALID[opens]), look())]).toEqual([
        screen,
        { permissions: [permission] },
      ]);
  });

  it('asks the discount permission for a counter discount on a sale, and of whoever sets the reasons (S37)', () => {
    const book = (counterDiscounts: unknown[]) =>
      needs(
        'walkin.book',
        parse('walkin.book', { ...VALID['walkin.book'], counterDiscounts }),
        look(),
      );
    expect(book([])).toEqual({ permissions: [] });
    expect(book([{ line: null, kind: 'percent', value: 5, reason: 'apology' }])).toEqual({
      permissions: ['discount'],
    });
    // Items sold alone alike (I15): anyone signed in sells, a discount asks the permission.
    const sell = (counterDiscounts: unknown[]) =>
      needs(
        'items.sell',
        parse('items.sell', { ...VALID['items.sell'], counterDiscounts }),
        look(),
      );
    expect(sell([])).toEqual({ permissions: [] });
    expect(sell([{ line: null, kind: 'amount', value: 10, reason: 'apology' }])).toEqual({
      permissions: ['discount'],
    });
    const of = (c: keyof typeof channels) => needs(c, parse(c, VALID[c]), look());
    expect(of('money.saveDiscountReason')).toEqual({ permissions: ['discount'] });
    expect(of('money.discountReasons')).toBe('open');
  });

  it('reads a cancel’s reason and refund: the fee waived, money paid back', () => {
    const cancel = (reason: string, refund: unknown) =>
      needs(
        'cancel.confirm',
        parse('cancel.confirm', { ...VALID['cancel.confirm'], reason, refund }),
        look(),
      );
    const paid = { lines: [{ method: 'cash', amount: 100 }], note: null };
    expect(cancel('customer_request', null)).toEqual({ permissions: [] });
    expect(cancel('weather', null)).toEqual({ permissions: ['waiveFee'] });
    expect(cancel('customer_request', paid)).toEqual({ permissions: ['refund'] });
    expect(cancel('business_request', paid)).toEqual({ permissions: ['waiveFee', 'refund'] });
  });

  it('asks for a reprint only once a receipt was printed; a preview asks nothing', () => {
    const ask = (c: 'receipt.get' | 'receipt.print', purpose: string, printed: string[]) =>
      needs(c, parse(c, { entryId: 'sale-1', purpose }), look(printed));
    expect(ask('receipt.print', 'print', [])).toEqual({ permissions: [] });
    expect(ask('receipt.print', 'print', ['sale-1'])).toEqual({ permissions: ['reprint'] });
    expect(ask('receipt.get', 'print', ['sale-1'])).toEqual({ permissions: ['reprint'] });
    expect(ask('receipt.get', 'preview', ['sale-1'])).toBe('open');
  });

  it('a 領収書 asked right after the payment is an original: no reprint asked (Q12)', () => {
    const sale = { kind: 'sale', id: 'sale-1', at: 10, businessDate: '2026-11-24', counterId: 'c' };
    const after = (later: unknown[]): RuleLook => ({
      session: {
        openedAt: 0,
        journal: {
          about: () => [{ kind: 'receipt', reissue: false }],
          get: () => sale,
          range: () => ({ records: [sale, ...later], unreadable: [] }),
        },
      } as unknown as DeskSession,
    });
    const ask = (later: unknown[]) =>
      needs(
        'receipt.print',
        parse('receipt.print', {
          entryId: 'sale-1',
          ryoshusho: { addressee: '株式会社テスト', purpose: '体験料' },
        }),
        after(later),
      );
    expect(ask([{ kind: 'drawer', at: 11, counterId: 'c' }])).toEqual({ permissions: [] });
    expect(ask([{ kind: 'sale', at: 12, counterId: 'c' }])).toEqual({ permissions: ['reprint'] });
  });

  it('keeps an owner’s record the owner’s: made one, or changed or removed', () => {
    const roles = { 'm-owner': 'owner', 'm-staff': 'staff' };
    const save = (id: string | null, role: string) =>
      needs(
        'staff.save',
        parse('staff.save', { ...VALID['staff.save'], id, role }),
        look([], roles),
      );
    expect(save(null, 'staff')).toEqual({ permissions: ['staff'], owner: false });
    expect(save(null, 'owner')).toEqual({ permissions: ['staff'], owner: true });
    expect(save('m-owner', 'manager')).toEqual({ permissions: ['staff'], owner: true });
    expect(
      needs(
        'staff.remove',
        parse('staff.remove', { id: 'm-owner', confirm: true }),
        look([], roles),
      ),
    ).toEqual({ permissions: ['staff'], owner: true });
  });
});
