/**
 * What the desk hands the installed app (issue 14): the support bundle's facts — the settings
 * without the key or an address's credentials, path or query; the outbox and the journal of the
 * last 31 days counted by state and kind, never a record's content — and a clear refusal on a host
 * with no installed-app services.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originOf } from '../../../main/desk/installed/facts';
import type { InstalledPort, SupportFacts } from '../../../main/installed/port';
import type { NewRecord } from '../../../main/local/index';
import { P, TODAY, refusal, setUp, startHarness, type Harness } from '../support';

/** An installed app that only records the facts it is handed for the bundle. */
function recordingInstalled(): InstalledPort & { facts: SupportFacts[] } {
  const facts: SupportFacts[] = [];
  return {
    facts,
    view: () => {
      throw new Error('not asked here');
    },
    configure: () => {
      throw new Error('not asked here');
    },
    checkUpdates: () => Promise.reject(new Error('not asked here')),
    installUpdate: () => ({ installing: false, holds: [] }),
    supportBundle: (f) => {
      facts.push(f);
      return Promise.resolve({ fileName: 'support.txt', content: 'bundle', savedTo: null });
    },
    activityChanged: () => undefined,
  };
}

/** A cash sale on `date`, with a customer's name the facts must not carry. */
function sale(date: string, counterId: string): NewRecord {
  return {
    kind: 'sale',
    businessDate: date,
    counterId,
    counterName: counterId,
    walkInEntryId: `w-${date}-${Math.random()}`,
    reservationId: null,
    reservationNumber: null,
    customerName: '秘密太郎',
    currency: 'JPY',
    items: [
      {
        productId: P.rickshaw,
        productName: 'rickshaw',
        date,
        startTime: '10:00',
        ticket: 'adult',
        quantity: 1,
        unitPrice: 9000,
        taxRate: 10,
      },
    ],
    discounts: [],
    total: 9000,
    tender: [{ method: 'cash', amount: 9000, received: 9000, brand: null, reference: null }],
    change: 0,
  };
}

describe('an address as support may see it', () => {
  it('keeps the origin only', () => {
    expect(originOf('https://user:secret@api.example.jp:8443/v1/stores?key=abc#x')).toBe(
      'https://api.example.jp:8443',
    );
    expect(originOf(null)).toBeNull();
    expect(originOf('not an address')).toBe('invalid');
  });
});

describe('the support bundle’s facts', () => {
  let h: Harness;
  const installed = recordingInstalled();
  beforeAll(async () => {
    h = await startHarness({ desk: { installed } });
  });
  afterAll(() => h.close());

  it('before set-up: the settings only, no session to count', async () => {
    expect(await h.call('support.bundle', {})).toEqual({
      fileName: 'support.txt',
      content: 'bundle',
      savedTo: null,
    });
    expect(installed.facts.at(-1)).toMatchObject({
      settings: { key: null, storeId: null },
      outbox: null,
      journal: null,
      damageNotices: 0,
      timeZone: null,
    });
  });

  it('set up: what the key allows but not the key, and the journal of 31 days counted by kind', async () => {
    await setUp(h);
    const session = h.desk.session!;
    const here = session.counter().id;
    session.journal.append(sale(TODAY, here));
    session.journal.append(sale('2026-10-25', here)); // the 31st day back: counted
    session.journal.append(sale('2026-10-24', here)); // the 32nd: not

    await h.call('support.bundle', {});
    const facts = installed.facts.at(-1)!;
    expect(facts.settings).toMatchObject({
      serviceUrl: new URL(h.sb.baseUrl).origin,
      plan: 'facility',
      key: { scopes: expect.any(Array) },
    });
    expect(facts.journal).toEqual({ days: 31, byKind: { sale: 2 }, unreadable: 0 });
    expect(facts.outbox).toEqual({});
    expect(facts.timeZone).toBe('Asia/Tokyo');
    const told = JSON.stringify(facts);
    expect(told).not.toContain(h.sb.key('org-facility'));
    expect(told).not.toContain('秘密太郎');
  });
});

describe('a host without the installed app', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('refuses its channels plainly', async () => {
    expect(await refusal(h, 'support.bundle', {})).toMatchObject({ code: 'INSTALLED_UNAVAILABLE' });
    expect(await refusal(h, 'installed.get', {})).toMatchObject({ code: 'INSTALLED_UNAVAILABLE' });
  });
});
