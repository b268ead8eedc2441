/**
 * The permissions table (issue 29, decisions S22, S23): what each role may do by default and
 * under a table the owner set, and what each channel asks of its caller — a rule for every
 * channel, the ones that depend on the request (a cancel's reason and refund, a receipt printed
 * before, an owner's record) reading it.
 */
import { describe, expect, it } from 'vitest';
import { Permission } from '../../../main/common/staff';
import {
  DEFAULT_PERMISSIONS,
  mayDo,
  NEEDS,
  needsOf,
  permissionsOf,
  type RuleLook,
} from '../../../main/desk/staff/permissions';
import type { Session } from '../../../main/desk/session';
import { channels } from '../../../main/ipc/contract';
import { VALID } from '../../ipc/payloads';

const parse = <C extends keyof typeof channels>(channel: C, request: unknown) =>
  channels[channel].request.parse(request) as never;

/** What a rule sees of a session: receipts printed of an entry, a member's role. */
function look(printed: string[] = [], roles: Record<string, string> = {}): RuleLook {
  return {
    session: {
      journal: {
        about: (id: string) => (printed.includes(id) ? [{ kind: 'receipt' }] : []),
      },
      staff: { get: (id: string) => (roles[id] ? { role: roles[id] } : null) },
    } as unknown as Session,
  };
}

describe('what each role may do', () => {
  it('by default: staff close and reprint; managers the money and the audit; owners all', () => {
    expect(permissionsOf('staff', DEFAULT_PERMISSIONS)).toEqual(['close', 'reprint']);
    expect(permissionsOf('manager', DEFAULT_PERMISSIONS)).toEqual([
      'refund',
      'correct',
      'discount',
      'drawer',
      'waiveFee',
      'close',
      'reprint',
      'audit',
      'items',
    ]);
    expect(permissionsOf('owner', DEFAULT_PERMISSIONS)).toEqual(Permission.options);
  });

  it('follows the owner’s table, and an owner may do all whatever it says', () => {
    const table = { staff: ['refund' as const], manager: [] };
    expect(mayDo('staff', 'refund', table)).toBe(true);
    expect(mayDo('staff', 'close', table)).toBe(false);
    expect(mayDo('manager', 'refund', table)).toBe(false);
    for (const p of Permission.options) expect(mayDo('owner', p, table)).toBe(true);
  });
});

describe('what each channel asks', () => {
  it('has a rule for every channel and no other', () => {
    expect(Object.keys(NEEDS).sort()).toEqual(Object.keys(channels).sort());
  });

  it('asks the money and settings channels for their permission', () => {
    const of = (c: keyof typeof channels) => needsOf(c, parse(c, VALID[c]), look());
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

  it('asks the discount permission for a counter discount on a sale, and of whoever sets the reasons (S37)', () => {
    const book = (counterDiscounts: unknown[]) =>
      needsOf(
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
      needsOf(
        'items.sell',
        parse('items.sell', { ...VALID['items.sell'], counterDiscounts }),
        look(),
      );
    expect(sell([])).toEqual({ permissions: [] });
    expect(sell([{ line: null, kind: 'amount', value: 10, reason: 'apology' }])).toEqual({
      permissions: ['discount'],
    });
    const of = (c: keyof typeof channels) => needsOf(c, parse(c, VALID[c]), look());
    expect(of('money.saveDiscountReason')).toEqual({ permissions: ['discount'] });
    expect(of('money.discountReasons')).toBe('open');
  });

  it('reads a cancel’s reason and refund: the fee waived, money paid back', () => {
    const cancel = (reason: string, refund: unknown) =>
      needsOf(
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
      needsOf(c, parse(c, { entryId: 'sale-1', purpose }), look(printed));
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
      } as unknown as Session,
    });
    const ask = (later: unknown[]) =>
      needsOf(
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
      needsOf(
        'staff.save',
        parse('staff.save', { ...VALID['staff.save'], id, role }),
        look([], roles),
      );
    expect(save(null, 'staff')).toEqual({ permissions: ['staff'], owner: false });
    expect(save(null, 'owner')).toEqual({ permissions: ['staff'], owner: true });
    expect(save('m-owner', 'manager')).toEqual({ permissions: ['staff'], owner: true });
    expect(
      needsOf(
        'staff.remove',
        parse('staff.remove', { id: 'm-owner', confirm: true }),
        look([], roles),
      ),
    ).toEqual({ permissions: ['staff'], owner: true });
  });
});
