/**
 * The counter against the real head office (office/, PGlite, its own CA) over HTTPS with the CA
 * pinned (issue 40): enrolled by the code the owner makes, the history and each new record in the
 * office's table once, the check finding no difference; a replacement PC enrolled by a code that
 * replaces the counter takes its id, restores its records before selling and continues after the
 * office's head.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalogue } from '../../../sandbox/scenario/demo';
import { call, ownerWithStore, startTestOffice, type TestOffice } from '../../support/office';
import { waitFor } from '../../support/wait';
import { memorySecrets, refusal, setUp, startHarness, type Harness } from '../support';

let office: TestOffice;
let org: { orgId: string; storeId: string };
const harnesses: Harness[] = [];

beforeAll(async () => {
  office = await startTestOffice({ now: Date.now });
  org = await ownerWithStore(office);
}, 120_000);
afterAll(async () => {
  await Promise.all(harnesses.map((h) => h.close()));
  await office?.stop();
});

async function desk() {
  const officeSecrets = memorySecrets();
  const h = await startHarness({ sandbox: { scenario: demoCatalogue() }, desk: { officeSecrets } });
  harnesses.push(h);
  await h.desk.start();
  await setUp(h);
  return Object.assign(h, { officeSecrets });
}

const cash = (amount: number) =>
  ({ direction: 'in', reason: 'float', amount, note: null }) as const;

/** The highest seq the office holds for the counter of this credential (its own answer). */
async function head(credential: string | null): Promise<number> {
  const answer = await call(office, 'GET', '/v1/device/me', { token: credential ?? '' });
  expect(answer.status).toBe(200);
  return (answer.body as { head: number }).head;
}

describe('the counter and the real office', () => {
  it(
    'enrols over pinned HTTPS, sends every record once, and the check finds no difference; a replacement restores first',
    { timeout: 120_000 },
    async () => {
      const first = await desk();
      await first.call('cash.record', cash(1000));
      const code = await office.admin.createEnrolmentCode(org.orgId, org.storeId);
      const view = await first.call('office.enrol', { url: office.url, code });
      expect(view).toMatchObject({ enrolled: true, store: 'Org A store' });
      const credential = () => first.officeSecrets.value;
      await first.call('cash.record', cash(2000));
      const journalAtCounter = 2;
      await waitFor(
        async () => (await first.call('status.get', {})).office?.pending === 0,
        'everything acknowledged',
        60_000,
      );
      expect(await head(credential())).toBeGreaterThanOrEqual(journalAtCounter);
      expect((await first.call('office.check', {})).differences).toEqual([]);

      // The PC is replaced: the owner makes a code that replaces this counter.
      const officeHead = await head(credential());
      const me = await call(office, 'GET', '/v1/device/me', { token: credential()! });
      const counterId = (me.body as { counter: { id: string } }).counter.id;
      const replace = await office.admin.createEnrolmentCode(org.orgId, org.storeId, counterId);
      const second = await desk();
      await second.call('office.enrol', { url: office.url, code: replace });
      await waitFor(
        async () => (await second.call('status.get', {})).office?.restore === null,
        'the restore done',
        60_000,
      );
      // The old PC's journal is here: the check agrees before the new PC records anything.
      expect((await second.call('office.check', {})).differences).toEqual([]);
      await second.call('cash.record', cash(50));
      await waitFor(
        () => head(second.officeSecrets.value).then((n) => n === officeHead + 1),
        'the new record sent after the head',
      );
      expect((await second.call('office.check', {})).differences).toEqual([]);
      expect((await refusal(second, 'office.enrol', { url: office.url, code: replace })).code).toBe(
        'OFFICE_ENROLLED',
      );
    },
  );
});
