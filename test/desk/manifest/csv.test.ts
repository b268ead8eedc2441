/**
 * The manifest as CSV, made by the desk with the one CSV writer: BOM and CRLF for Excel, quoting,
 * formula-like text defused, one column per custom field, words in the language asked, a file
 * name that names the slot and never a person.
 */
import { describe, expect, it } from 'vitest';
import { manifestCsv, manifestFileName } from '../../../main/desk/manifest/csv';
import { TEA_10, viewOf } from './fixture';

const lines = (csv: string) => {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv.endsWith('\r\n')).toBe(true);
  expect(csv.slice(1, -2)).not.toMatch(/(^|[^\r])\n/);
  return csv.slice(1, -2).split('\r\n');
};

describe('the manifest CSV', () => {
  it("lists a slot's every party (cancelled ones too) with its answers, in English", () => {
    const out = manifestCsv(viewOf(TEA_10), 'en');
    expect(out.rows).toBe(3);
    expect(lines(out.csv)).toEqual([
      'Time,Product,Reservation no.,Name,Adults,Children,Status,Payment,Phone,E-mail,Check-in,Arrived adults,Arrived children,Allergy,Hotel',
      '10:00,Tea & <b>ceremony</b>,R-0001,<img src=x onerror=alert(1)>,2,1,Confirmed,Pay on site,090-1111-2222,taro@example.jp,,,,"1: ""nuts"" & <eggs>; 2: none",Kamo',
      '10:00,Tea & <b>ceremony</b>,R-0002,Cancelled Person,2,1,Cancelled,Pay on site,,,,,,,',
      '10:00,Tea & <b>ceremony</b>,R-0003,Checked In,2,1,Confirmed,Paid (at the counter / outside),,,Partly arrived,1,0,,',
    ]);
  });

  it('lists the whole day in Japanese, defusing text a spreadsheet would run', () => {
    const out = manifestCsv(viewOf(null), 'ja');
    expect(out.rows).toBe(4);
    const [header, ...rows] = lines(out.csv);
    expect(header).toBe(
      '時間,商品,予約番号,お名前,大人,子ども,状態,支払い方法,電話番号,メール,来店,来店 大人,来店 子ども,Allergy,Hotel,Shoe size',
    );
    expect(rows[2]).toContain(',一部来店,1,0,');
    // A product and a name that start like formulas stay text; an unknown status is said as it came.
    expect(rows[3]).toBe(
      `15:30,'=Kayak,,"'=HYPERLINK(""http://x"")",2,0,状態: waitlisted,カード（予約サイト）,,,,,,,Hoshi,26`,
    );
  });

  it('names the file by date, slot and product, never by a person', () => {
    const slot = manifestCsv(viewOf(TEA_10), 'en').fileName;
    expect(slot).toBe('manifest-2026-04-01-1000-Tea_&_b_ceremony_b_.csv');
    expect(manifestCsv(viewOf(null), 'ja').fileName).toBe('manifest-2026-04-01.csv');
    const view = viewOf(TEA_10);
    const named = (name: string) =>
      manifestFileName({
        ...view,
        slots: [{ ...view.slots[0]!, product: { ...view.slots[0]!.product, name } }],
      });
    expect(named('A/B: "tour"')).toBe('manifest-2026-04-01-1000-A_B_tour_.csv');
    expect(named('x'.repeat(80))).toBe(`manifest-2026-04-01-1000-${'x'.repeat(40)}.csv`);
    for (const {
      slot: { reservations },
    } of viewOf(null).slots)
      for (const r of reservations) expect(slot).not.toContain(r.customerName);
  });
});
