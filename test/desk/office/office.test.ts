/**
 * The office at a real desk (issue 40) against the fake office in-process: enrolment backfills the
 * history once and the sender empties the outbox as the till records; the credential is in the
 * secret store only — no settings file, log line, answer or event holds it; the status bar's
 * figures; the check lists a day that differs; a replacement PC takes its counter's id, restores
 * its records first, refuses to sell until they are here, and continues after the office's head.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { demoCatalogue } from '../../../sandbox/scenario/demo';
import { DeskError } from '../../../main/ipc/errors';
import { FakeClock } from '../../support/fake-clock';
import { waitFor } from '../../support/wait';
import { allFiles } from '../../local/support';
import { memorySecrets, refusal, setUp, startHarness, type Harness } from '../support';
import { makeCa } from './certs';
import { FakeOffice } from './fake-office';

const CA = makeCa();
const harnesses: Harness[] = [];
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.close()));
});

async function desk(office: FakeOffice) {
  const officeSecrets = memorySecrets();
  const clock = new FakeClock();
  const h = await startHarness({
    sandbox: { scenario: demoCatalogue() },
    desk: { officeSecrets, office: { connect: office.ports(), clock, random: () => 0.5 } },
  });
  harnesses.push(h);
  await h.desk.start();
  await setUp(h);
  return { h, officeSecrets, clock };
}

const cash = (amount: number) =>
  ({ direction: 'in', reason: 'float', amount, note: null }) as const;

function newOffice() {
  const office = new FakeOffice();
  office.caPem = CA.caPem;
  return office;
}

describe('the office at the desk', () => {
  it('enrols, sends the history and each new record, and keeps the credential out of every file and log', async () => {
    const office = newOffice();
    const { h, officeSecrets } = await desk(office);
    await h.call('cash.record', cash(1000));
    await h.call('cash.record', cash(2000));
    const view = await h.call('office.enrol', { url: 'office.example.jp', code: office.code() });
    expect(view).toMatchObject({
      enrolled: true,
      store: '京都本店',
      organisation: '京都体験株式会社',
    });
    // The history (two records), then each new one as the till writes it.
    await waitFor(() => office.head >= 2, 'the history sent');
    await h.call('cash.record', cash(3000));
    await waitFor(
      () => office.head >= 3 && office.records.get(office.head)?.amount === 3000,
      'the new record sent',
    );
    const journal = [...office.records.values()].filter((r) => r.stream === 'journal');
    expect(journal.map((r) => r.amount)).toEqual([1000, 2000, 3000]);
    await waitFor(
      async () => (await h.call('status.get', {})).office?.pending === 0,
      'nothing to send',
    );
    const status = (await h.call('status.get', {})).office!;
    expect(status).toMatchObject({ pending: 0, stale: false, stopped: null, damaged: 0 });
    expect(status.lastAckAt).not.toBeNull();

    expect(officeSecrets.value).toBe(office.credential);
    await h.desk.stop();
    const files = allFiles(h.dataDir)
      .map((f) => f.text)
      .join('\n');
    for (const where of [
      files,
      JSON.stringify(h.logs),
      JSON.stringify(h.results),
      JSON.stringify(h.events),
    ])
      expect(where).not.toContain(office.credential.slice(-16));
    // The settings keep the office's address and CA (not secret).
    expect(files).toContain('BEGIN CERTIFICATE');
  });

  it('lists the days where the counter and the office differ', async () => {
    const office = newOffice();
    const { h } = await desk(office);
    await h.call('office.enrol', { url: 'office.example.jp', code: office.code() });
    await h.call('cash.record', cash(1000));
    await waitFor(() => office.head >= 1, 'sent');
    expect((await h.call('office.check', {})).differences).toEqual([]);
    // The office's copy of the record says another amount.
    const kept = office.records.get(1)!;
    office.records.set(1, { ...kept, amount: 999 });
    const check = await h.call('office.check', {});
    expect(check.differences).toEqual([
      {
        businessDate: kept.businessDate,
        counter: { count: 1, sum: 1000 },
        office: { count: 1, sum: 999 },
        pending: 0,
      },
    ]);
  });

  it('restores a replaced counter before it sells, and continues after the office’s head', async () => {
    const office = newOffice();
    const first = await desk(office);
    await first.h.call('office.enrol', { url: 'office.example.jp', code: office.code() });
    for (const amount of [100, 200, 300]) await first.h.call('cash.record', cash(amount));
    await waitFor(() => office.head >= 3, 'the old PC’s records at the office');
    const head = office.head;
    const oldCounter = office.records.get(1)!.body!.counterId as string;

    // A new PC replaces it: the code answers that counter; its pages wait until released.
    office.replaces = { id: oldCounter, name: '受付1' };
    let release = () => {};
    office.hold = new Promise<void>((resolve) => (release = resolve));
    const second = await desk(office);
    await second.h.call('office.enrol', { url: 'office.example.jp', code: office.code() });
    const refused = await refusal(second.h, 'cash.record', cash(50));
    expect(refused.code).toBe('OFFICE_RESTORING');
    expect((await second.h.call('status.get', {})).office?.restore).toMatchObject({ head });
    release();
    await waitFor(
      async () => (await second.h.call('status.get', {})).office?.restore === null,
      'the restore done',
    );
    const day = await second.h.call('journal.day', { date: null });
    expect(day.entries.map((e) => e.id)).toEqual(expect.arrayContaining(journalIds(office)));
    await second.h.call('cash.record', cash(50));
    await waitFor(() => office.head === head + 1, 'the new PC’s record sent after the head');
    expect(office.records.get(head + 1)!.body).toMatchObject({ counterId: oldCounter, amount: 50 });
  });
});

function journalIds(office: FakeOffice): string[] {
  return [...office.records.values()].filter((r) => r.stream === 'journal').map((r) => r.id);
}

describe('a revoked counter', () => {
  it('stops sending, keeps its records, says so, and sends them once enrolled again', async () => {
    const office = newOffice();
    const { h } = await desk(office);
    await h.call('office.enrol', { url: 'office.example.jp', code: office.code() });
    await h.call('cash.record', cash(100));
    await waitFor(() => office.head >= 1, 'sent');
    office.revoked = true;
    await h.call('cash.record', cash(200));
    await waitFor(
      async () => (await h.call('status.get', {})).office?.stopped === 'revoked',
      'revoked shown',
    );
    expect((await h.call('status.get', {})).office?.pending).toBe(1);
    expect((await refusal(h, 'office.check', {})).code).toBe('OFFICE_REVOKED');
    // Enrolled again: the same outbox goes on with the new credential.
    office.revoked = false;
    office.credential = 'cred-fedcba9876543210fedcba9876543210';
    await h.call('office.enrol', { url: 'office.example.jp', code: office.code() });
    await waitFor(() => office.head >= 2, 'the record kept while revoked is sent');
    expect(office.records.get(2)!.amount).toBe(200);
  });
});

describe('a PC that cannot keep a secret', () => {
  it('does not spend the code: nothing is asked of the office', async () => {
    const office = newOffice();
    const officeSecrets = Object.assign(memorySecrets(), {
      problem: () => new DeskError('SECURE_STORAGE_UNAVAILABLE', 'no keyring'),
    });
    const h = await startHarness({
      sandbox: { scenario: demoCatalogue() },
      desk: { officeSecrets, office: { connect: office.ports() } },
    });
    harnesses.push(h);
    await h.desk.start();
    await setUp(h);
    const refused = await refusal(h, 'office.enrol', {
      url: 'office.example.jp',
      code: office.code(),
    });
    expect(refused.code).toBe('SECURE_STORAGE_UNAVAILABLE');
    expect(office.requests).toEqual([]);
    expect((await h.call('office.get', {})).enrolled).toBe(false);
  });
});
