/**
 * Logs and the support bundle over a full flow at the counter: set-up with a live key, the day,
 * a search by name, a check-in, walk-ins (booked, and one queued while the link is down), a
 * customer found by e-mail, a cancellation, the walk-in in progress kept for a reload; logged at
 * debug level into rotating files. No log line (kept in a file or rotated away) and nothing in
 * the support bundle holds the API key or a customer's name, e-mail or phone; the files rotate
 * within their cap; the bundle carries what support needs.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InstalledApp } from '../../main/installed/installed-app';
import { InstalledSettingsFile } from '../../main/installed/installed-settings';
import { openLogFiles, type LogFiles } from '../../main/installed/log-files';
import { createLogger, silentLogger, type Logger } from '../../main/api/log';
import { DEMO } from '../../sandbox/scenario/demo';
import {
  KYOTO,
  LATER,
  P,
  TODAY,
  cutLink,
  restoreLink,
  setUp,
  startHarness,
  type Harness,
} from '../desk/support';
import { tempDir, removeDir } from '../local/support';
import { waitFor } from '../support/wait';

const CUSTOMER = {
  lastName: '秘密川',
  firstName: 'Hanako',
  email: 'hanako.himitsu@example.jp',
  phone: '090-9876-5432',
};
const QUEUED = { lastName: '待機山', email: 'taiki.queued@example.jp', phone: '080-1111-2222' };
const MAX_BYTES = 1024;
const KEEP = 3;

let h: Harness;
let logs: LogFiles;
let installed: InstalledApp;
let logDir: string;
/** Strings no log line or bundle may hold. */
let secrets: string[];
let bundle: { fileName: string; content: string | null; savedTo: string | null };

beforeAll(async () => {
  logDir = tempDir();
  logs = openLogFiles(path.join(logDir, 'logs'), { maxBytes: MAX_BYTES, keep: KEEP });
  h = await startHarness({ logSink: logs.sink });
  installed = new InstalledApp(
    {
      settings: new InstalledSettingsFile(h.dataDir, silentLogger),
      app: { name: 'Front Desk', version: '0.1.0', versions: { node: process.versions.node } },
      updater: null,
      unavailable: 'not_installed',
      logs,
    },
    {
      activity: () => h.desk.activity(),
      timeZone: () => h.desk.setupStatus().store?.timeZone ?? null,
      emit: () => {},
      logger: createLogger(logs.sink, 'debug'),
    },
  );
  // The harness's desk, given the installed app (as compose gives it).
  await h.desk.stop();
  (h.desk as unknown as { ctx: { installed: InstalledApp } }).ctx.installed = installed;
  await h.desk.start();

  await setUp(h);
  const key = h.sb.key('org-facility');
  await h.call('day.get', { date: TODAY });
  const someone = (await h.call('day.parties', { date: TODAY, slot: null })).reservations.find(
    (r) => r.active,
  )!;
  await h.call('search.find', { text: someone.customerName, date: TODAY });
  await h.call('checkin.record', {
    reservationId: someone.id,
    date: TODAY,
    state: 'arrived',
    adults: someone.adults,
    children: someone.children,
  });
  const walkIn = (customer: Record<string, string>) =>
    h.call('walkin.book', {
      draftId: randomUUID(),
      productId: P.apiTest,
      date: LATER,
      startTime: '10:00',
      adults: 1,
      children: 0,
      participants: [],
      customer: { lastName: customer.lastName!, email: customer.email!, phone: customer.phone! },
      sendConfirmationEmail: true,
      locale: 'ja',
      tender: { lines: [{ method: 'cash', amount: 4000, received: 5000 }] },
    } as never);
  const booked = await walkIn(CUSTOMER);
  cutLink(h.sb);
  await walkIn(QUEUED);
  // While the walk-in waits in the outbox and one is being entered, an update would be held.
  await h.call('recovery.keep', {
    screen: { name: 'walkin' },
    activity: 'walk_in',
    walkIn: {
      draftId: randomUUID(),
      step: 'details',
      productId: P.apiTest,
      adults: 1,
      children: 0,
      slot: { date: LATER, startTime: '10:00' },
      answers: {},
      customer: { ...CUSTOMER, customerId: null },
      sendEmail: true,
      emailLocale: 'ja',
    },
  });
  expect(h.desk.activity()).toEqual({ flow: 'walk_in', outboxUnsent: 1 });
  restoreLink(h.sb);
  await waitFor(async () => (await h.call('status.get', {})).outbox.waiting === 0, 'the outbox');
  await h.call('customers.find', { email: CUSTOMER.email });
  const reservation = booked.reservation!;
  await h.call('cancel.preview', {
    reservationId: reservation.id,
    date: LATER,
    reason: 'customer_request',
  });
  await h.call('cancel.confirm', {
    reservationId: reservation.id,
    date: LATER,
    reason: 'customer_request',
    sendCancellationEmail: true,
  });
  await h.call('recovery.keep', { screen: { name: 'day' }, activity: null, walkIn: null });
  // A line as a careless change might write one: the logger's redaction stands between it and
  // the file (the flow above logs nothing personal by itself).
  const deskLogger = (h.desk as unknown as { ctx: { logger: Logger } }).ctx.logger;
  deskLogger.warn('test.careless', {
    customer: CUSTOMER,
    note: `called ${CUSTOMER.email}`,
    authorization: `Bearer ${key}`,
  });
  await logs.flush();
  // And one not written by this logger at all (an older version, a hand edit): the bundle
  // redacts what it reads again.
  appendFileSync(
    logs.files().at(-1)!,
    `${JSON.stringify({ level: 'info', event: 'test.foreign', email: CUSTOMER.email, phone: CUSTOMER.phone, text: `Bearer ${key}` })}\n`,
  );
  bundle = await h.call('support.bundle', {});
  await logs.flush();

  secrets = [
    key,
    ...Object.values(DEMO.keys),
    CUSTOMER.lastName,
    CUSTOMER.firstName,
    CUSTOMER.email,
    'hanako.himitsu',
    CUSTOMER.phone,
    '9876-5432',
    QUEUED.lastName,
    QUEUED.email,
    QUEUED.phone,
    someone.customerName,
  ];
}, 120_000);

afterAll(async () => {
  await logs?.close();
  await h?.close();
  removeDir(logDir);
});

describe('log files over a full flow', () => {
  it('no line ever written holds a key or a customer’s details', () => {
    expect(h.logs.length).toBeGreaterThan(20);
    for (const record of h.logs) {
      const line = JSON.stringify(record);
      for (const secret of secrets)
        expect(line, `${secret} in ${line.slice(0, 200)}`).not.toContain(secret);
    }
  });

  it('the files hold none either, rotate by size and keep a fixed number', () => {
    const files = logs.files();
    expect(files.map((f) => path.basename(f))).toEqual([
      'front-desk.3.log',
      'front-desk.2.log',
      'front-desk.1.log',
      'front-desk.log',
    ]);
    for (const file of files.slice(0, -1)) {
      // A rotation happens once the size is reached: a file ends within one line past it.
      expect(statSync(file).size).toBeLessThan(MAX_BYTES + 2048);
      expect(statSync(file).mode & 0o077).toBe(0);
    }
    // Every line the logger wrote, in every file, holds none. The line planted beside the logger
    // (above) is left out wherever it is: the flow's background polls keep logging after it, so it
    // may have rotated to an older file, or out of the four kept.
    const lines = files.flatMap((f) => readFileSync(f, 'utf8').split('\n')).filter(Boolean);
    const records = lines.map((line) => JSON.parse(line) as { event?: string });
    const own = lines.filter((_, i) => records[i]!.event !== 'test.foreign');
    expect(lines.length - own.length).toBeLessThanOrEqual(1);
    const written = own.join('\n');
    for (const secret of secrets) expect(written).not.toContain(secret);
  });
});

describe('the support bundle', () => {
  it('is one JSON file, handed to the page to save (the browser host saves nothing itself)', () => {
    expect(bundle.fileName).toMatch(/^front-desk-support-\d{8}-\d{4}\.json$/);
    expect(bundle.savedTo).toBeNull();
    expect(() => JSON.parse(bundle.content!)).not.toThrow();
  });

  it('holds no key and no personal datum, even from a line the app did not write', () => {
    for (const secret of secrets) expect(bundle.content).not.toContain(secret);
    const lines = JSON.parse(bundle.content!).logs.flatMap((l: { lines: unknown[] }) => l.lines);
    expect(lines).toContainEqual(
      expect.objectContaining({
        event: 'test.foreign',
        email: '[redacted]',
        text: 'Bearer [redacted]',
      }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ event: 'test.careless', customer: '[redacted]' }),
    );
  });

  it('holds what support needs: versions, OS, settings, counts, the logs', () => {
    const b = JSON.parse(bundle.content!);
    expect(b.app).toMatchObject({ name: 'Front Desk', version: '0.1.0' });
    expect(b.os.platform).toBe(process.platform);
    expect(b.settings.counter).toMatchObject({
      mode: 'live',
      storeId: KYOTO,
      serviceUrl: new URL(h.sb.baseUrl).origin,
      key: { organizationId: expect.any(String), scopes: expect.any(Array) },
    });
    expect(b.settings.installed).toMatchObject({
      logLevel: 'info',
      updates: { channel: 'stable' },
    });
    expect(b.updates).toMatchObject({ phase: 'unavailable', unavailable: 'not_installed' });
    expect(b.counts.outbox).toEqual({ booked: 2 });
    expect(b.counts.journal.byKind.sale).toBe(2);
    expect(b.counts.journal.unreadable).toBe(0);
    expect(b.logs.map((l: { file: string }) => l.file)).toEqual([
      'front-desk.3.log',
      'front-desk.2.log',
      'front-desk.1.log',
      'front-desk.log',
    ]);
    const events = b.logs.flatMap((l: { lines: { event: string }[] }) =>
      l.lines.map((x) => x.event),
    );
    expect(events.length).toBeGreaterThan(5);
  });
});
