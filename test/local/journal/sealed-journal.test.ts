import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/api/index';
import { fixedKeyProvider } from '../../../main/local/index';
import { Cipher } from '../../../main/local/files/crypto';
import { sealRecord } from '../../../main/local/journal/journal-file';
import { JournalLockedError } from '../../../main/local/journal/journal';
import { SealedJournal } from '../../../main/local/journal/sealed-journal';
import type { JournalRecord, NewRecord } from '../../../main/local/journal/records';
import { allFiles, openTestStore, removeDir, tempDir } from '../support';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach(removeDir));

function open(root?: string, key?: Buffer) {
  const dir = root ?? tempDir();
  if (!root) dirs.push(dir);
  const store = openTestStore(dir, { key });
  const journal = new SealedJournal({
    files: store.files,
    cipher: store.cipher,
    logger: silentLogger,
  });
  return { dir, store, journal };
}

const counter = { counterId: 'c1', counterName: 'Front 1' };
function sale(businessDate: string, total = 12_000): NewRecord {
  return {
    ...counter,
    kind: 'sale',
    businessDate,
    walkInEntryId: 'entry-1',
    reservationId: null,
    reservationNumber: null,
    customerName: '山田 花子',
    currency: 'JPY',
    items: [],
    discounts: [],
    total,
    tender: [{ method: 'cash', amount: total, received: total, brand: null, reference: null }],
    change: 0,
  };
}
function close(businessDate: string): NewRecord {
  const counted = Object.fromEntries(
    ['10000', '5000', '2000', '1000', '500', '100', '50', '10', '5', '1'].map((d) => [d, 0]),
  ) as Extract<JournalRecord, { kind: 'close' }>['counted'];
  return {
    ...counter,
    kind: 'close',
    businessDate,
    openingFloat: 0,
    counted,
    countedCash: 0,
    expectedCash: 0,
    overShort: 0,
    note: null,
  };
}
const fileOf = (dir: string, r: { id: string; businessDate: string }) =>
  path.join(dir, 'journal', r.businessDate, `${r.id}.json`);

describe('the sealed journal', () => {
  it('writes each record to its own file at once, the guest’s name sealed, and reads it back', () => {
    const { dir, journal } = open();
    const a = journal.append(sale('2026-11-23'));
    journal.append(sale('2026-11-24', 5000));
    const text = readFileSync(fileOf(dir, a), 'utf8');
    expect(text).not.toContain('山田');
    expect(text).toContain('"total":12000');
    for (const f of allFiles(dir)) expect(f.text).not.toContain('山田');

    const again = open(dir).journal;
    expect(again.get(a.id)).toEqual(a);
    expect(again.day('2026-11-23').records.map((r) => r.id)).toEqual([a.id]);
    expect(again.range('2026-11-01', '2026-11-30').records).toHaveLength(2);
  });

  it('keeps cash put in or taken out (Y11): its amount and reason in clear, its note sealed', () => {
    const { dir, journal } = open();
    const out = journal.append({
      ...counter,
      kind: 'cash',
      businessDate: '2026-11-24',
      direction: 'out',
      reason: 'safe',
      amount: 20_000,
      note: '山田さんが金庫へ',
    });
    const text = readFileSync(fileOf(dir, out), 'utf8');
    expect(text).not.toContain('山田');
    expect(text).toContain('"amount":20000');
    expect(text).toContain('"direction":"out"');
    expect(open(dir).journal.get(out.id)).toEqual(out);
    // Sealed with another key: it still says what money it was (J1).
    const other = new Cipher(fixedKeyProvider(Buffer.alloc(32, 9)));
    writeFileSync(fileOf(dir, out), JSON.stringify(sealRecord(other, out)));
    expect(open(dir).journal.day('2026-11-24').unreadable).toEqual([
      expect.objectContaining({
        id: out.id,
        problem: 'sealed_elsewhere',
        kind: 'cash',
        amount: 20_000,
      }),
    ]);
  });

  it('lists a corrupt file, a foreign seal, an unknown kind and a changed amount alone', () => {
    const { dir, journal, store } = open();
    const good = journal.append(sale('2026-11-23'));
    const corrupt = journal.append(sale('2026-11-23'));
    writeFileSync(fileOf(dir, corrupt), '{"v":1,"id":');
    // Sealed by another counter's key (a keystore reset, a copied folder).
    const other = new Cipher(fixedKeyProvider(Buffer.alloc(32, 9)));
    const foreign = { ...(journal.append(sale('2026-11-23', 700)) as JournalRecord) };
    writeFileSync(fileOf(dir, foreign), JSON.stringify(sealRecord(other, foreign)));
    // A kind a newer app writes.
    const newer = sealRecord(store.cipher, { ...good, id: 'newer-1' }) as Record<string, unknown>;
    writeFileSync(
      path.join(dir, 'journal', '2026-11-23', 'newer-1.json'),
      JSON.stringify({ ...newer, kind: 'voucher' }),
    );
    // Someone changed the amount in clear: the seal's digest no longer holds.
    const changed = journal.append(sale('2026-11-23', 3000));
    const file = fileOf(dir, changed);
    writeFileSync(file, readFileSync(file, 'utf8').replace('"total":3000', '"total":300'));

    const day = open(dir).journal.day('2026-11-23');
    expect(day.records.map((r) => r.id)).toEqual([good.id]);
    const problems = Object.fromEntries(day.unreadable.map((u) => [u.id, u]));
    expect(problems[corrupt.id]).toMatchObject({ problem: 'corrupt', businessDate: '2026-11-23' });
    expect(problems[foreign.id]).toMatchObject({
      problem: 'sealed_elsewhere',
      kind: 'sale',
      amount: 700,
    });
    expect(problems['newer-1']).toMatchObject({ problem: 'unknown_kind', kind: 'voucher' });
    expect(problems[changed.id]).toMatchObject({ problem: 'corrupt' });
  });

  it('says of a collection it cannot open its booking, when, its money and its discount', () => {
    const { dir, journal } = open();
    const taken = journal.append({
      ...counter,
      kind: 'collection',
      businessDate: '2026-11-23',
      reservationId: 'r-1',
      reservationNumber: 'R-1',
      customerName: '山田 花子',
      currency: 'JPY',
      items: [],
      due: 28_500,
      dueFrom: 'service',
      before: 0,
      discount: { amount: 500, reason: 'apology' },
      note: null,
      total: 28_000,
      tender: [{ method: 'cash', amount: 28_000, received: 30_000, brand: null, reference: null }],
      change: 2000,
      basis: [],
    });
    const other = new Cipher(fixedKeyProvider(Buffer.alloc(32, 9)));
    writeFileSync(fileOf(dir, taken), JSON.stringify(sealRecord(other, taken)));

    const [u] = open(dir).journal.day('2026-11-23').unreadable;
    expect(u).toEqual({
      id: taken.id,
      problem: 'sealed_elsewhere',
      businessDate: '2026-11-23',
      kind: 'collection',
      amount: 28_000,
      reservationId: 'r-1',
      at: taken.at,
      discount: 500,
    });
  });

  it('refuses a sale or refund on a closed day, takes a correction or a receipt', () => {
    const { dir, journal } = open();
    const s = journal.append(sale('2026-11-23'));
    journal.append(close('2026-11-23'));
    expect(() => journal.append(sale('2026-11-23'))).toThrow(JournalLockedError);
    const reopened = open(dir).journal;
    expect(() => reopened.append(sale('2026-11-23'))).toThrow(JournalLockedError);
    const correction = reopened.append({
      ...counter,
      kind: 'correction',
      businessDate: '2026-11-23',
      refersTo: s.id,
      amount: -1000,
      tender: [],
      note: 'keyed 13,000 for 12,000',
    });
    expect(reopened.about(s.id)).toEqual([correction]);
    expect(reopened.day('2026-11-24').records).toEqual([]);
  });

  it('purges closed days before the bound, keeping unclosed days and what is still owed', () => {
    const { dir, journal } = open();
    const old = journal.append(sale('2018-03-01'));
    journal.append(close('2018-03-01'));
    const unclosed = journal.append(sale('2018-03-02'));
    const owed = journal.append(sale('2018-03-03'));
    journal.append(close('2018-03-03'));
    const recent = journal.append(sale('2026-11-23'));
    journal.append(close('2026-11-23'));

    const removed = journal.purge('2019-11-23', 'c1', (r) => r.id === owed.id);
    expect(removed).toBe(2);
    expect(journal.get(old.id)).toBeNull();
    for (const kept of [unclosed, owed, recent]) expect(journal.get(kept.id)).not.toBeNull();
    const reopened = open(dir).journal;
    expect(reopened.get(old.id)).toBeNull();
    expect(reopened.get(unclosed.id)).not.toBeNull();
  });
});
