/**
 * The search index in memory: what each kind of query finds (names by width, kana and variant,
 * readings, romaji, phone fragments of three digits and more, e-mail fragments, numbers), how
 * answers are ranked and capped, and that changes, cancellations and purges leave it right.
 */
import { describe, expect, it } from 'vitest';
import { SearchIndex, type SearchQuery } from '../../../main/local/search/search-index';
import { phoneDigits } from '../../../main/common/names';
import { changed, made } from './support';

const TODAY = '2026-11-24';
const ACTIVE = new Set(['confirmed', 'pending']);

function query(text: string, over: Partial<SearchQuery> = {}): SearchQuery {
  return { text, today: TODAY, shown: null, limit: 50, active: (s) => ACTIVE.has(s), ...over };
}

const ids = (index: SearchIndex, text: string, over: Partial<SearchQuery> = {}) =>
  index.find(query(text, over)).hits.map((h) => h.id);

describe('names', () => {
  const index = new SearchIndex();
  const yamada = made({ last: 'ヤマダ', first: 'ハナコ' });
  const takahashi = made({ last: '髙橋', first: '健' });
  const smith = made({ last: 'Smith', first: 'John' });
  for (const r of [yamada, takahashi, smith]) index.put(r);

  it.each(['ﾔﾏﾀﾞ', 'やまだ', 'ヤマダ', 'やまだ はなこ', 'ヤマダ　ハナコ', 'ﾊﾅｺ'])(
    'as written, whatever the width and kana: %s',
    (text) => expect(ids(index, text)).toEqual([yamada.id]),
  );

  it('kanji variants: 高橋 finds 髙橋, and 髙橋 itself', () => {
    expect(ids(index, '高橋')).toEqual([takahashi.id]);
    expect(ids(index, '髙橋 健')).toEqual([takahashi.id]);
  });

  it('Latin names whatever the case', () => {
    expect(ids(index, 'smith')).toEqual([smith.id]);
    expect(ids(index, 'JOHN')).toEqual([smith.id]);
  });

  it('a kanji name by its readings once read, in kana or romaji; not before', () => {
    const index = new SearchIndex();
    const r = made({ last: '中島', first: 'みゆき' });
    index.put(r);
    expect(ids(index, 'なかじま')).toEqual([]);
    expect(index.unreadNames(10)).toEqual([
      { id: r.id, name: '中島みゆき', parts: { last: '中島', first: 'みゆき' } },
    ]);
    expect(index.setReadings(r.id, '中島みゆき', ['ナカジマミユキ', 'ナカシマミユキ'])).toBe(true);
    for (const text of ['なかじま', 'ナカシマ', 'nakajima', 'Nakashima Miyuki', 'みゆき'])
      expect(ids(index, text), text).toEqual([r.id]);
    expect(index.unreadCount).toBe(0);
  });

  it('readings of a name that changed meanwhile are not taken', () => {
    const index = new SearchIndex();
    const r = made({ last: '山田', first: '太郎' });
    index.put(r);
    index.put(changed(r, { last: '山本' }));
    expect(index.setReadings(r.id, '山田太郎', ['やまだたろう'])).toBe(false);
    expect(ids(index, 'やまだ')).toEqual([]);
    expect(index.unreadNames(10).map((u) => u.name)).toEqual(['山本太郎']);
  });

  it('readings stay when only something else changed; go when the name changed', () => {
    const index = new SearchIndex();
    const r = made({ last: '鈴木', first: '一郎', phone: '090-1111-2222' });
    index.put(r);
    index.setReadings(r.id, '鈴木一郎', ['すずきいちろう']);
    index.put(changed(r, { phone: '080-3333-4444' }));
    expect(ids(index, 'すずき')).toEqual([r.id]);
    index.put(changed(r, { last: '佐藤' }, '2026-11-22T00:00:00.000Z'));
    expect(ids(index, 'すずき')).toEqual([]);
    expect(ids(index, '佐藤')).toEqual([r.id]);
  });

  it('one character finds every name that has it', () => {
    const index = new SearchIndex();
    const mori = made({ last: '森', first: '' });
    const komori = made({ last: '小森', first: '葵' });
    index.put(mori);
    index.put(komori);
    expect(ids(index, '森').sort()).toEqual([mori.id, komori.id].sort());
  });
});

describe('phones and numbers', () => {
  const index = new SearchIndex();
  const a = made({ phone: '090-1234-4214', number: '274802123' });
  const b = made({ phone: '+81 80-5555-0001', number: '274802131' });
  const c = made({ phone: null, number: '300000042' });
  for (const r of [a, b, c]) index.put(r);

  it('the last four digits, as a guest reads them out (a four-digit fragment is no name)', () => {
    expect(ids(index, '4214')).toEqual([a.id]);
    expect(ids(index, '４２１４')).toEqual([a.id]);
  });

  it.each(['090-1234-4214', '09012344214', '1234-4214', '123', '(090) 1234'])(
    'any fragment of three digits or more: %s',
    (text) => expect(ids(index, text)).toContain(a.id),
  );

  it('built into pieces of four: every three-digit fragment still found, and only where it is', () => {
    const built = new SearchIndex();
    const records = [a, b, c, made({ phone: '03-3333-3333', number: '100000001' })];
    for (const r of records) built.put(r);
    built.build();
    // As the index keeps a phone: its digits as written, and as dialled at home (+81 → 0).
    const digitsOf = (r: (typeof records)[number]) => [
      ...phoneDigits(r.customer?.phone ?? ''),
      r.reservationNumber ?? '',
    ];
    for (let n = 0; n < 1000; n++) {
      const three = String(n).padStart(3, '0');
      const expected = records
        .filter((r) => digitsOf(r).some((d) => d.includes(three)))
        .map((r) => r.id)
        .sort();
      expect([three, ids(built, three).sort()]).toEqual([three, expected]);
    }
  });

  it('one or two digits find nothing', () => {
    expect(ids(index, '42')).toEqual([]);
    expect(ids(index, '4')).toEqual([]);
  });

  it('with the country code or without', () => {
    expect(ids(index, '080-5555-0001')).toEqual([b.id]);
    expect(ids(index, '+81 80 5555')).toEqual([b.id]);
  });

  it('a whole number, as a scanner types it, is the exact answer', () => {
    const found = index.find(query('274802123'));
    expect(found.exact?.id).toBe(a.id);
    expect(found.hits).toEqual([]);
    expect(index.find(query('２７４８０２１２３')).exact?.id).toBe(a.id);
  });

  it('part of a number finds it among the results', () => {
    expect(ids(index, '0000042')).toEqual([c.id]);
    expect(ids(index, '27480')).toEqual(expect.arrayContaining([a.id, b.id]));
  });
});

describe('e-mails', () => {
  const index = new SearchIndex();
  const tanaka = made({ last: '田中', email: 'Taro.Tanaka@Example.co.jp' });
  const digits = made({ last: 'X', first: '', email: 'user2024@example.com' });
  index.put(tanaka);
  index.put(digits);

  it.each([
    'tanaka',
    'TANAKA',
    'taro.tanaka',
    'ｔａｎａｋａ',
    ' tanaka ',
    '@example.co',
    'taro.tanaka@example.co.jp',
  ])('a fragment, with or without "@": %s', (text) =>
    expect(ids(index, text)).toContain(tanaka.id),
  );

  it('digits and short words never search addresses', () => {
    expect(ids(index, '2024')).toEqual([]);
    expect(ids(index, 'co')).toEqual([]);
  });
});

describe('ranking and the cap', () => {
  it('today first, then upcoming soonest first, then past latest first, then cancelled', () => {
    const index = new SearchIndex();
    const past = made({ last: '山田', dates: ['2026-11-20'] });
    const recent = made({ last: '山田', dates: ['2026-11-23'] });
    const later = made({ last: '山田', dates: ['2026-12-10'] });
    const soon = made({ last: '山田', dates: ['2026-11-25'] });
    const todayLate = made({ last: '山田', dates: [TODAY], time: '15:00' });
    const todayEarly = made({ last: '山田', dates: [TODAY], time: '09:00' });
    const cancelled = made({ last: '山田', dates: [TODAY], status: 'cancelled' });
    for (const r of [past, cancelled, later, recent, soon, todayLate, todayEarly]) index.put(r);
    expect(ids(index, '山田')).toEqual([
      todayEarly.id,
      todayLate.id,
      soon.id,
      later.id,
      recent.id,
      past.id,
      cancelled.id,
    ]);
    // The date on screen counts as today.
    expect(ids(index, '山田', { shown: '2026-12-10' }).slice(0, 3)).toEqual([
      todayEarly.id,
      todayLate.id,
      later.id,
    ]);
  });

  it('capped, saying that more matched; counted in full when they fit', () => {
    const index = new SearchIndex();
    for (let i = 0; i < 30; i++) index.put(made({ last: '佐藤', dates: ['2026-12-01'] }));
    const today = made({ last: '佐藤', dates: [TODAY] });
    index.put(today);
    const found = index.find(query('佐藤', { limit: 5 }));
    expect(found.hits).toHaveLength(5);
    expect([found.total, found.more]).toEqual([5, true]);
    expect(found.hits[0]!.id).toBe(today.id);
    const all = index.find(query('佐藤', { limit: 40 }));
    expect([all.hits.length, all.total, all.more]).toEqual([31, 31, false]);
  });

  it('one result per item: a reservation over two days shows on each', () => {
    const index = new SearchIndex();
    const r = made({ last: '木村', dates: ['2026-11-25', '2026-11-26'] });
    index.put(r);
    expect(index.find(query('木村')).hits.map((h) => [h.date, h.itemIndex])).toEqual([
      ['2026-11-25', 0],
      ['2026-11-26', 1],
    ]);
  });
});

describe('kept up to date record by record', () => {
  it('a record changed: found by what it is now, not by what it was', () => {
    const index = new SearchIndex();
    const r = made({ last: '井上', phone: '090-1111-2222', email: 'a.inoue@example.jp' });
    index.put(r);
    index.put(changed(r, { last: '石川', phone: '080-9999-8888', email: 'b.ishikawa@example.jp' }));
    expect(ids(index, '井上')).toEqual([]);
    expect(ids(index, '2222')).toEqual([]);
    expect(ids(index, 'inoue')).toEqual([]);
    expect(ids(index, '石川')).toEqual([r.id]);
    expect(ids(index, '8888')).toEqual([r.id]);
    expect(ids(index, 'ishikawa')).toEqual([r.id]);
  });

  it('an older version never replaces a newer one', () => {
    const index = new SearchIndex();
    const r = made({ last: '前田' });
    const newer = changed(r, { last: '藤田' });
    expect(index.put(newer)).toBe(true);
    expect(index.put(r)).toBe(false);
    expect(ids(index, '藤田')).toEqual([r.id]);
  });

  it('a cancellation moves the party after those still coming', () => {
    const index = new SearchIndex();
    const a = made({ last: '遠藤', dates: [TODAY], time: '09:00' });
    const b = made({ last: '遠藤', dates: [TODAY], time: '10:00' });
    index.put(a);
    index.put(b);
    expect(ids(index, '遠藤')).toEqual([a.id, b.id]);
    index.put(changed(a, { status: 'cancelled' }));
    expect(ids(index, '遠藤')).toEqual([b.id, a.id]);
    expect(index.stored(a.id)?.[9]).toBe('cancelled');
  });

  it('purged past the retention cutoff: gone, its number too', () => {
    const index = new SearchIndex();
    const old = made({ last: '青木', dates: ['2026-10-01'], number: '111111111' });
    const kept = made({ last: '青木', dates: ['2026-10-01', '2026-11-30'] });
    index.put(old);
    index.put(kept);
    expect(index.purge('2026-10-25')).toEqual([old.id]);
    // The one kept shows on each of its days.
    expect(ids(index, '青木')).toEqual([kept.id, kept.id]);
    expect(index.find(query('111111111')).exact).toBeNull();
    expect(index.byNumber('111111111')).toBeNull();
  });

  it('slots freed by removals are reused without mixing records', () => {
    const index = new SearchIndex();
    const all = Array.from({ length: 200 }, (_, i) => made({ last: `名${i}`, first: '' }));
    for (const r of all) index.put(r);
    for (const r of all.slice(0, 150)) index.remove(r.id);
    const fresh = made({ last: '新井', first: '' });
    index.put(fresh);
    expect(ids(index, '名1')).toEqual(
      expect.arrayContaining(
        all
          .slice(150)
          .filter((r) => r.customer!.lastName!.startsWith('名1'))
          .map((r) => r.id),
      ),
    );
    expect(ids(index, '名1').every((id) => all.slice(150).some((r) => r.id === id))).toBe(true);
    expect(ids(index, '新井')).toEqual([fresh.id]);
    expect(index.size).toBe(51);
  });
});

describe('kept on disk', () => {
  it('an entry stored and restored is found as before, by every field; unread names still wait', () => {
    const index = new SearchIndex();
    const records = [
      made({
        last: '山田',
        first: '太郎',
        phone: '+81 90-1234-4214',
        email: 'Taro@Example.jp',
        number: '274802123',
        dates: ['2026-11-24', '2026-11-30'],
        time: '13:30',
      }),
      made({ last: 'Smith', first: '', phone: null, number: null, status: 'cancelled' }),
      made({ last: '中島', first: 'みゆき', phone: '080-1111-2222', number: '' }),
    ];
    for (const r of records) index.put(r);
    index.setReadings(records[2]!.id, '中島みゆき', ['ナカジマミユキ']);
    const again = new SearchIndex();
    for (const r of records) expect(again.restore(index.stored(r.id)!)).toBe(true);
    again.build();
    for (const text of [
      '山田',
      '4214',
      '090-1234',
      '2222',
      'taro@example',
      '274802123',
      '27480',
      'smith',
      'なかじま',
      records[1]!.id,
    ]) {
      expect(again.find(query(text)), text).toEqual(index.find(query(text)));
    }
    expect(again.unreadNames(10)).toEqual(index.unreadNames(10));
    expect(records.map((r) => again.stored(r.id))).toEqual(records.map((r) => index.stored(r.id)));
  });
});
