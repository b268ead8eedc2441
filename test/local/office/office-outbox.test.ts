/**
 * The office's outbox on disk (issue 40, AB20): one sealed file per entry named by its seq, a
 * sequence with no gap across the journal and the audit, the acked cursor written before the
 * acknowledged entries go, a damaged file standing alone, the backfill once, and amountOf.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/api/index';
import {
  OfficeOutbox,
  SealedAuditLog,
  SealedJournal,
  amountOf,
  historyOf,
  type AuditRecord,
  type JournalRecord,
  type NewRecord,
} from '../../../main/local/index';
import { OfficeRecord } from '../../../office/protocol/wire';
import { allFiles, openTestStore, removeDir, tempDir } from '../support';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach(removeDir));

let clock = 1_800_000_000_000;
const now = () => clock;

function open(root?: string, key?: Buffer) {
  const dir = root ?? tempDir();
  if (!root) dirs.push(dir);
  const store = openTestStore(dir, { key, now });
  const outbox = new OfficeOutbox({
    files: store.files,
    cipher: store.cipher,
    logger: silentLogger,
    now,
  });
  return { dir, store, outbox };
}

const base = { counterId: 'c1', counterName: 'Front 1' };
function sale(id: string, businessDate = '2026-12-07', total = 12_000): JournalRecord {
  return {
    ...base,
    id,
    at: clock++,
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
  } as JournalRecord;
}
function signIn(id: string, businessDate = '2026-12-07'): AuditRecord {
  return {
    id,
    at: clock++,
    businessDate,
    counterId: 'c1',
    kind: 'sign_in',
    action: null,
    ref: null,
    detail: null,
    counterName: 'Front 1',
    staff: { id: 's1', name: '佐藤' },
    approvedBy: null,
    subject: null,
  } as AuditRecord;
}
const entriesDir = (dir: string) => path.join(dir, 'office', 'entries');

describe('the office outbox', () => {
  it('numbers journal and audit records in one sequence, one sealed file each, and reads them back', () => {
    const { dir, outbox } = open();
    outbox.journal(sale('a'));
    outbox.audit(signIn('b'));
    outbox.journal(sale('c', '2026-12-07', 500));
    expect(readdirSync(entriesDir(dir)).sort()).toEqual([
      '000000000001.json',
      '000000000002.json',
      '000000000003.json',
    ]);
    for (const f of allFiles(dir)) {
      expect(f.text).not.toContain('山田');
      expect(f.text).not.toContain('佐藤');
    }
    const again = open(dir).outbox;
    const pending = again.pending();
    expect(pending.map((e) => [e.seq, e.stream, e.id, e.amount])).toEqual([
      [1, 'journal', 'a', 12_000],
      [2, 'audit', 'b', 0],
      [3, 'journal', 'c', 500],
    ]);
    expect(pending[0]!.body).toMatchObject({ customerName: '山田 花子' });
    for (const e of pending) expect(OfficeRecord.parse(e)).toEqual(e);
    expect(again.nextSeq).toBe(4);
  });

  it('writes the acked cursor before removing what the office holds, and keeps counting after', () => {
    const { dir, outbox } = open();
    for (const id of ['a', 'b', 'c']) outbox.journal(sale(id));
    clock = 1_800_000_100_000;
    outbox.ack(2);
    expect(outbox.acked).toEqual({ seq: 2, at: 1_800_000_100_000 });
    expect(outbox.pending().map((e) => e.seq)).toEqual([3]);
    // A crash between the cursor and the removal: the next open removes what was acknowledged.
    const aside = readFileSync(path.join(entriesDir(dir), '000000000003.json'), 'utf8');
    writeFileSync(path.join(entriesDir(dir), '000000000001.json'), aside);
    const again = open(dir).outbox;
    expect(again.pending().map((e) => e.seq)).toEqual([3]);
    expect(readdirSync(entriesDir(dir))).toEqual(['000000000003.json']);
    outbox.ack(3);
    const later = open(dir).outbox;
    expect(later.size).toBe(0);
    expect(later.journal(sale('d')).seq).toBe(4);
  });

  it('sends a damaged entry with body null and its problem, never blocking the others', () => {
    const { dir, outbox } = open();
    for (const id of ['a', 'b', 'c']) outbox.journal(sale(id));
    writeFileSync(path.join(entriesDir(dir), '000000000002.json'), '{"v":1,"seq":2,"trunc');
    const again = open(dir).outbox;
    const pending = again.pending();
    expect(pending.map((e) => [e.seq, e.problem])).toEqual([
      [1, null],
      [2, 'corrupt'],
      [3, null],
    ]);
    expect(pending[1]!.body).toBeNull();
    expect(again.damaged().map((e) => e.seq)).toEqual([2]);
    for (const e of pending) OfficeRecord.parse(e);
    // Sealed with another key (a keyring reset): what is in clear is still sent.
    const foreign = open(dir, Buffer.alloc(32, 9)).outbox;
    expect(foreign.pending()[0]).toMatchObject({
      seq: 1,
      id: 'a',
      amount: 12_000,
      body: null,
      problem: 'sealed_elsewhere',
    });
  });

  it('enqueues the history on the PC once at enrolment, oldest first, damaged records included', () => {
    const { dir, store, outbox } = open();
    const journal = new SealedJournal({
      files: store.files,
      cipher: store.cipher,
      logger: silentLogger,
    });
    const audit = new SealedAuditLog(store.files, store.cipher);
    const first = journal.append(sale('j1', '2026-12-05') as NewRecord);
    audit.append(signIn('a1', '2026-12-05'));
    const last = journal.append(sale('j2', '2026-12-06') as NewRecord);
    writeFileSync(path.join(dir, 'journal', '2026-12-06', `${last.id}.json`), 'garbage');
    const read = new SealedJournal({
      files: store.files,
      cipher: store.cipher,
      logger: silentLogger,
    });
    expect(outbox.backfill(() => historyOf(read, audit))).toBe(3);
    expect(outbox.pending().map((e) => [e.seq, e.id, e.problem])).toEqual([
      [1, 'j2', 'corrupt'],
      [2, first.id, null],
      [3, 'a1', null],
    ]);
    expect(outbox.backfill(() => historyOf(read, audit))).toBe(0);
    expect(open(dir).outbox.backfilled).toBe(true);
  });

  it('continues a restored counter after the office head', () => {
    const { dir, outbox } = open();
    outbox.continueAfter(41);
    expect(open(dir).outbox.journal(sale('x')).seq).toBe(42);
  });
});

describe('amountOf', () => {
  it('is the yen a record moves, signed', () => {
    const s = sale('s');
    expect(amountOf(s)).toBe(12_000);
    expect(amountOf({ ...s, kind: 'refund', amount: 3000 } as unknown as JournalRecord)).toBe(
      -3000,
    );
    expect(amountOf({ ...s, kind: 'correction', amount: -200 } as unknown as JournalRecord)).toBe(
      -200,
    );
    expect(
      amountOf({ ...s, kind: 'cash', direction: 'out', amount: 1000 } as unknown as JournalRecord),
    ).toBe(-1000);
    expect(
      amountOf({
        ...s,
        kind: 'cash',
        direction: 'exchange',
        amount: 1000,
      } as unknown as JournalRecord),
    ).toBe(0);
    expect(amountOf({ ...s, kind: 'close' } as unknown as JournalRecord)).toBe(0);
  });
});
