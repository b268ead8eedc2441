/**
 * The printed manifest: customer text cannot become markup, no script can run in it, one slot
 * or the whole day, in Japanese or English, every word from the printed-word catalogue.
 */
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../main/common/html';
import { manifestPageHtml } from '../../../main/desk/manifest/page';
import { selectSlots } from '../../../main/desk/manifest/view';
import { day, TEA_10, viewOf } from './fixture';

const page = (asked: typeof TEA_10 | null, locale: 'ja' | 'en', training = false) =>
  manifestPageHtml(viewOf(asked, training), locale);

describe('the manifest page', () => {
  it('escapes every value from the service', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
    const html = page(null, 'en');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>ceremony');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Tea &amp; &lt;b&gt;ceremony&lt;/b&gt;');
    expect(html).toContain('Allergy: &quot;nuts&quot; &amp; &lt;eggs&gt;');
    expect(html).toContain('Kyoto &lt;Arashiyama&gt;');
  });

  it('has no script and a CSP that forbids one', () => {
    const html = page(null, 'ja', true);
    expect(html).not.toMatch(/<script/i);
    expect(html).toMatch(
      /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;/,
    );
    expect(html).toContain('トレーニング');
    expect(page(null, 'ja')).not.toContain('トレーニング');
  });

  it('lists the active reservations of one slot, or of the day', () => {
    const one = page(TEA_10, 'en');
    expect(one).toContain('Checked In');
    expect(one).toContain('Partly arrived (adults 1, children 0)');
    expect(one).not.toContain('Cancelled Person');
    expect(one).not.toContain('14:00');
    expect(one).not.toContain('Kayak');
    const all = page(null, 'ja');
    expect(all).toContain('10:00–11:00');
    expect(all).toContain('14:00');
    expect(all).toContain('=Kayak — 15:30–17:00');
    expect(all).toContain('この枠の予約はありません。');
    expect(all).toContain('2026/04/01 9:30');
    expect(all).toContain('一部来店（大人 1・子ども 0）');
  });

  it.each([
    ['en', ['Name', 'Reservation no.', 'Status', 'Payment', 'Answers', 'Check-in']],
    ['ja', ['お名前', '予約番号', '状態', '支払い方法', '回答', '来店']],
  ] as const)('heads its columns in the language asked (%s)', (locale, headings) => {
    const html = page(TEA_10, locale);
    expect(html).toContain(`<html lang="${locale}">`);
    for (const heading of headings) expect(html).toContain(`<th>${heading}</th>`);
  });

  it('says statuses and payment methods in words, an unknown one as it came', () => {
    const en = page(null, 'en');
    expect(en).toContain('<td>Confirmed</td>');
    expect(en).toContain('<td>Pay on site</td>');
    expect(en).toContain('<td>Paid (at the counter / outside)</td>');
    expect(en).toContain('<td>Status: waitlisted</td>');
    expect(en).toContain('<td>Card (booking site)</td>');
    expect(en).not.toMatch(/<td>(on_site|confirmed|credit_card)<\/td>/);
    const ja = page(null, 'ja');
    expect(ja).toContain('<td>確定</td>');
    expect(ja).toContain('<td>現地払い</td>');
  });

  it("labels a booker-only answer as the representative's", () => {
    const en = page(null, 'en');
    expect(en).toContain('Representative Hotel: Kamo');
    expect(en).toContain('Person 2 Allergy: none');
    expect(page(null, 'ja')).toContain('代表者 Hotel: Kamo');
  });

  it('refuses a slot that is not there', () => {
    expect(() => selectSlots(day, { productId: 'p1', startTime: '09:00' })).toThrow(
      expect.objectContaining({ code: 'SLOT_NOT_FOUND' }),
    );
    expect(() => selectSlots(day, { productId: 'nope', startTime: '10:00' })).toThrow(
      expect.objectContaining({ code: 'SLOT_NOT_FOUND' }),
    );
    // A day without slots is a page that says so.
    expect(selectSlots({ ...day, products: [] }, null)).toEqual([]);
    expect(manifestPageHtml({ ...viewOf(null), slots: [] }, 'en')).toContain(
      'No slots on this day.',
    );
  });
});
