/**
 * A receipt's copy for the office (receipt-copy.ts): the receipt model's blocks as the wire
 * carries them — every block and row kept, the QR's modules left at the counter (its number
 * travels), texts cut to the contract's bounds rather than refused.
 */
import { describe, expect, it } from 'vitest';
import { ReceiptCopy } from '../../../office/protocol/books';
import { receiptCopyOf } from '../../../main/desk/office/receipt-copy';
import type { ReceiptModel } from '../../../main/desk/receipt/model';

const model: ReceiptModel = {
  layout: '80mm',
  locale: 'ja',
  title: '領収書',
  stampDuty: 200,
  blocks: [
    { kind: 'title', text: '領収書' },
    { kind: 'notice', text: '再発行' },
    { kind: 'addressee', text: '株式会社テスト 様' },
    { kind: 'issuer', business: '嵐山体験', lines: ['嵐山店', '登録番号: T1234567890123'] },
    {
      kind: 'rows',
      role: 'lines',
      rows: [
        { kind: 'product', name: 'カヤック', detail: '体験日 2026-12-01 10:00' },
        { kind: 'pair', left: '大人 ￥4,000 × 2', right: '￥8,000', style: 'normal' },
        { kind: 'text', text: 'あ'.repeat(500), style: 'sub' },
      ],
    },
    { kind: 'purpose', text: '但し 体験代として' },
    { kind: 'stamp', caption: '収入印紙' },
    { kind: 'code', text: 'RSV-0042', modules: [[true, false]], caption: ['RSV-0042', '読取'] },
  ],
};

describe('a receipt’s copy for the office', () => {
  it('keeps every block and row, the code’s text without its modules, within the contract', () => {
    const copy = ReceiptCopy.parse(receiptCopyOf(model));
    expect(copy.locale).toBe('ja');
    expect(copy.title).toBe('領収書');
    expect(copy.blocks.map((b) => b.kind)).toEqual([
      'title',
      'notice',
      'addressee',
      'issuer',
      'rows',
      'purpose',
      'stamp',
      'code',
    ]);
    expect(copy.blocks.at(-1)).toEqual({ kind: 'code', text: 'RSV-0042' });
    expect(copy.blocks[6]).toEqual({ kind: 'stamp', text: '収入印紙' });
    const rows = copy.blocks.find((b) => b.kind === 'rows');
    expect(rows).toMatchObject({
      rows: [
        { kind: 'product', name: 'カヤック' },
        { kind: 'pair', left: '大人 ￥4,000 × 2', right: '￥8,000', style: 'normal' },
        { kind: 'text', style: 'sub' },
      ],
    });
    // A text longer than the contract allows is cut, not refused.
    const long = rows?.kind === 'rows' ? rows.rows[2] : null;
    expect(long?.kind === 'text' && long.text.length).toBe(400);
    expect(JSON.stringify(copy)).not.toContain('modules');
  });
});
