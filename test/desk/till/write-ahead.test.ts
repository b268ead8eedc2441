/**
 * The office's write-ahead (issue 40, AB21) stopped at every durable write: the files go through a
 * layer that lets N writes through and throws at the next, after which the stopped "process"
 * writes nothing more. The till records (and the audit appends) again on the same files, after the
 * roll-forward at open. For every N: nothing lost (every record the stopped process was told was
 * written is in the journal or the audit, and in the outbox), nothing doubled (one file per id,
 * one outbox entry per record, seqs 1..n with no gap), and the record cut short is in both logs or
 * in neither.
 */
import { DateTime } from 'luxon';
import { afterEach, expect, it } from 'vitest';
import { silentLogger } from '../../../main/api/index';
import { rollForward } from '../../../main/desk/till/roll-forward';
import { Till } from '../../../main/desk/till/till';
import {
  AheadAuditLog,
  OfficeOutbox,
  SealedAuditLog,
  SealedJournal,
  confOpener,
  fixedKeyProvider,
  openLocalStore,
  type AuditLog,
  type OpenFile,
  type StoreFile,
} from '../../../main/local/index';
import { removeDir, tempDir, TEST_KEY } from '../../local/support';

const ZONE = 'Asia/Tokyo';
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach(removeDir));

/** Lets `allowed` writes through, then throws once and writes nothing after. */
class World {
  generation = 0;
  allowed: number | null = null;
  writes = 0;
  opener = (root: string): OpenFile => {
    const generation = this.generation;
    const real = confOpener(root);
    const world = { self: () => this };
    return (dir, name) => {
      const file = real(dir, name);
      const w = world.self();
      return {
        get path() {
          return file.path;
        },
        get store() {
          return file.store;
        },
        set store(value: StoreFile['store']) {
          if (generation !== w.generation) throw new Error('stopped');
          if (w.allowed !== null && w.writes >= w.allowed) {
            w.generation++;
            throw new Error('stopped here');
          }
          w.writes++;
          file.store = value;
        },
      };
    };
  };
}

let clock = DateTime.fromISO('2026-12-07T10:00:00', { zone: ZONE }).toMillis();
const now = () => (clock += 1000);

function openDesk(root: string, world: World) {
  const local = openLocalStore({
    root,
    storeId: 'store-1',
    timeZone: ZONE,
    open: world.opener(root),
    keyProvider: fixedKeyProvider(TEST_KEY),
    logger: silentLogger,
    now,
  });
  const outbox = new OfficeOutbox({
    files: local.files,
    cipher: local.cipher,
    logger: silentLogger,
    now,
  });
  const journal = new SealedJournal({
    files: local.files,
    cipher: local.cipher,
    logger: silentLogger,
  });
  const inner = new SealedAuditLog(local.files, local.cipher);
  rollForward(outbox, journal, inner, silentLogger);
  const audit: AuditLog = new AheadAuditLog(inner, outbox);
  const till = new Till({
    journal,
    timeZone: ZONE,
    now,
    counter: () => ({ id: 'c1', name: '受付1' }),
    stamp: () => null,
    logger: silentLogger,
    ahead: (record) => outbox.journal(record),
  });
  return { outbox, journal, audit: inner, aheadAudit: audit, till };
}

type Desk = ReturnType<typeof openDesk>;
const cash = (amount: number) =>
  ({ direction: 'in', reason: 'float', amount, note: null }) as const;
const signIn = (desk: Desk) =>
  desk.aheadAudit.append({
    at: now(),
    businessDate: '2026-12-07',
    counterId: 'c1',
    kind: 'sign_in',
    action: null,
    ref: null,
    detail: null,
    counterName: '受付1',
    staff: { id: 's1', name: '佐藤' },
    approvedBy: null,
    subject: null,
  });
/** The day's work: what is recorded, in order (each step two writes: the outbox, then the log). */
const STEPS: ((desk: Desk) => { id: string })[] = [
  (d) => d.till.record('cash', cash(1000)),
  (d) => signIn(d),
  (d) => d.till.record('cash', cash(2000)),
  (d) => d.till.record('cash', cash(3000)),
];

function everything(desk: Desk) {
  const journal = desk.journal.range('0000-01-01', '9999-12-31');
  const audit = desk.audit.range('0000-01-01', '9999-12-31');
  return {
    journal: journal.records.map((r) => r.id),
    audit: audit.records.map((r) => r.id),
    unreadable: journal.unreadable.length + audit.unreadable.length,
    outbox: desk.outbox.pending(),
  };
}

it('loses nothing and doubles nothing, stopped at any write of the till or the audit', () => {
  for (let n = 0; n <= STEPS.length * 2; n++) {
    const root = tempDir();
    dirs.push(root);
    const world = new World();
    const first = openDesk(root, world);
    world.allowed = n;
    world.writes = 0;
    const told: string[] = [];
    for (const step of STEPS) {
      try {
        told.push(step(first).id);
      } catch {
        break;
      }
    }
    // Started again on the same files, nothing stopping it: the roll-forward ran at open.
    world.allowed = null;
    const again = openDesk(root, world);
    const seen = everything(again);
    const logged = [...seen.journal, ...seen.audit];
    const sent = seen.outbox.map((e) => e.id);
    expect(seen.unreadable, `n=${n}`).toBe(0);
    // Nothing lost: every record the stopped process was told is written is in both.
    for (const id of told) {
      expect(logged, `n=${n}`).toContain(id);
      expect(sent, `n=${n}`).toContain(id);
    }
    // Nothing doubled, and the record cut short is in both or neither.
    expect(new Set(logged).size).toBe(logged.length);
    expect(new Set(sent).size).toBe(sent.length);
    expect([...logged].sort()).toEqual([...sent].sort());
    expect(seen.outbox.map((e) => e.seq)).toEqual(seen.outbox.map((_, i) => i + 1));
    expect(told.length).toBe(Math.floor(n / 2));
    expect(logged.length).toBe(Math.ceil(n / 2));
    // And the desk goes on: the next record continues the sequence.
    const next = again.till.record('cash', cash(9));
    expect(again.outbox.pending().at(-1)).toMatchObject({ id: next.id, seq: logged.length + 1 });
  }
});
