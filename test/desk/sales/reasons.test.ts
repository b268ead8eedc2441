/**
 * The store's reasons for a discount as the desk keeps them (issue 30, I13): the defaults first,
 * the added ones in the order they were made, each added one with an id of its own; a change
 * never behind what it replaces; the list I11 kept in a counter's settings taken once, when the
 * store's files hold none.
 */
import { describe, expect, it } from 'vitest';
import { DiscountReasons, newReasonId } from '../../../main/desk/sales/reasons';
import { DEFAULT_DISCOUNT_REASONS, type DiscountReasonList } from '../../../main/ipc/contract';
import { DiscountReasonEntry } from '../../../main/common';
import { MemoryList } from '../../../main/local/index';

const draft = (ja: string, en: string) => ({
  id: null,
  words: { ja, en },
  active: true,
  noteRequired: false,
});

describe('the store’s reasons for a discount', () => {
  it('lists the defaults first, then the added ones in the order they were made', () => {
    let now = 1_795_000_000_000;
    const reasons = new DiscountReasons(
      new MemoryList(DiscountReasonEntry),
      () => 'c1',
      () => now,
    );
    const first = reasons.save(draft('地元割', 'Locals'));
    now += 1;
    const second = reasons.save(draft('雨天割', 'Rain'));
    expect(first.id).not.toBe(second.id);
    expect(reasons.list().reasons.map((r) => r.id)).toEqual([
      ...DEFAULT_DISCOUNT_REASONS.reasons.map((r) => r.id),
      first.id,
      second.id,
    ]);
    // Made at the same moment, still two ids.
    expect(newReasonId(now)).not.toBe(newReasonId(now));
  });

  it('a change is never behind what it replaces, even from a clock behind', () => {
    let now = 5_000;
    const reasons = new DiscountReasons(
      new MemoryList(DiscountReasonEntry),
      () => 'c1',
      () => now,
    );
    const { id, updatedAt } = reasons.save(draft('地元割', 'Locals'));
    now = 1_000;
    const changed = reasons.save({ ...draft('市民割', 'Citizens'), id });
    expect(changed.updatedAt).toBe(updatedAt + 1);
    expect(reasons.list().reasons).toHaveLength(5);
  });

  it('takes the list a counter kept in its settings once, when the files hold none', () => {
    const legacy: DiscountReasonList = {
      reasons: [
        ...DEFAULT_DISCOUNT_REASONS.reasons.map((r) =>
          r.id === 'promotion' ? { ...r, active: false } : r,
        ),
        {
          id: 'locals',
          words: { ja: '地元割', en: 'Locals' },
          active: true,
          noteRequired: false,
          updatedAt: 0,
          updatedBy: '',
        },
      ],
    };
    const files = new MemoryList(DiscountReasonEntry);
    const reasons = new DiscountReasons(
      files,
      () => 'c1',
      () => 7_000,
      () => legacy,
    );
    expect(reasons.list().reasons.map((r) => [r.id, r.active])).toEqual([
      ['apology', true],
      ['promotion', false],
      ['rounding', true],
      ['other', true],
      ['locals', true],
    ]);
    // Only what differs from the defaults is kept, stamped as changed here (the shop hears it).
    expect(files.entries().entries.map((r) => [r.id, r.updatedAt, r.updatedBy])).toEqual([
      ['promotion', 7_000, 'c1'],
      ['locals', 7_000, 'c1'],
    ]);
    // Files that hold reasons already: the settings' list is not taken again.
    const again = new DiscountReasons(
      files,
      () => 'c1',
      () => 9_000,
      () => ({
        reasons: [{ ...legacy.reasons[4]!, words: { ja: '古い', en: 'Old' } }],
      }),
    );
    expect(again.get('locals')!.words.ja).toBe('地元割');
  });
});
