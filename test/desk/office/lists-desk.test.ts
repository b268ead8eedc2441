/**
 * The chain's lists through the desk's channels (decisions AB70–AB79), against the real office
 * in-process (its app reached through inject at the transport's boundary): once enrolled the
 * counter holds the office's items; a list the office manages is refused at its changing channels
 * with LIST_MANAGED_BY_OFFICE while one it does not manage is changed as before; staff see what
 * changed until they dismiss it; a member the office adds gets their PIN at the counter, and
 * nothing else of the managed staff list changes here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalogue } from '../../../sandbox/scenario/demo';
import type { EnrolPorts } from '../../../main/desk/office/enrol';
import { LIST_MANAGED, officeListsOf } from '../../../main/desk/office/office-lists';
import { answerOf, type OfficeTransport } from '../../../main/desk/office/transport';
import { web, webSignIn, type WebSession } from '../../support/books';
import { call, ownerWithStore, startTestOffice, type TestOffice } from '../../support/office';
import { memorySecrets, refusal, setUp, startHarness, type Harness } from '../support';
import { PINS, quickHasher, signIn, staffStore, type Staffed } from '../staff/support';

let office: TestOffice;
let org: { orgId: string; storeId: string };
let owner: WebSession;
let h: Harness;
let staff: Staffed;

const transport: OfficeTransport = {
  async request(request, schema) {
    const res = await office.app.inject({
      method: request.method,
      url: `/v1${request.path}`,
      headers: request.credential ? { authorization: `Bearer ${request.credential}` } : {},
      ...(request.body !== undefined ? { payload: request.body as object } : {}),
    });
    return answerOf(res.statusCode, res.body ? JSON.parse(res.body) : null, schema);
  },
};
const ports: EnrolPorts = {
  fetchCa: async () => (await call(office, 'GET', '/v1/ca')).body.pem as string,
  transport: () => transport,
};

async function put(url: string, body: unknown) {
  const answer = await web(office, owner, 'PUT', url, body);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The counter asks the office now (as its timer would), and the answer is in. */
const fetched = () => officeListsOf(h.desk.session!)!.fetch();

beforeAll(async () => {
  office = await startTestOffice({ now: Date.now });
  org = await ownerWithStore(office);
  owner = await webSignIn(office, 'owner@example.jp');
  h = await startHarness({
    sandbox: { scenario: demoCatalogue() },
    desk: { pinHasher: quickHasher(), officeSecrets: memorySecrets(), office: { connect: ports } },
  });
  await h.desk.start();
  await setUp(h);
  staff = await staffStore(h, h.sb.key('org-facility'));
}, 120_000);
afterAll(async () => {
  await h?.close();
  await office?.stop();
});

describe('the office’s lists at the counter', () => {
  let itemId: string;

  it('once enrolled, the counter holds the office’s items, and its catalogue is read-only where the office manages it', async () => {
    const set = await put('/v1/web/lists/items', {
      storeId: null,
      entries: [
        {
          id: null,
          name: { ja: 'ライフジャケット', en: 'Life jacket' },
          price: 800,
          rate: 10,
          category: 'rental',
          active: true,
        },
      ],
    });
    itemId = set.entries[0].entry.id;
    await put('/v1/web/lists/items/managed', { storeId: org.storeId, managed: true });
    const code = await office.admin.createEnrolmentCode(org.orgId, org.storeId);
    await h.call('office.enrol', { url: 'office.example.jp', code });
    await fetched();

    const view = await h.call('office.lists', {});
    expect(view.managed).toEqual({ items: true, discountReasons: false, staff: false });
    expect(view.changes).toEqual([
      {
        list: 'items',
        id: itemId,
        name: { ja: 'ライフジャケット', en: 'Life jacket' },
        kind: 'added',
      },
    ]);
    expect(view.seen).toBe(false);
    const items = await h.call('items.list', {});
    expect(items.items.find((i) => i.id === itemId)).toMatchObject({ price: 800 });

    const refused = await refusal(h, 'items.save', {
      id: itemId,
      name: { ja: 'ライフジャケット', en: 'Life jacket' },
      price: 1,
      rate: 10,
      category: 'rental',
      active: true,
    });
    expect(refused.code).toBe(LIST_MANAGED);
    expect((await h.call('items.list', {})).items.find((i) => i.id === itemId)!.price).toBe(800);

    // Staff who may not change items are told why, not asked for a manager's PIN first.
    await signIn(h, staff.staff, PINS.staff);
    const asked = await refusal(h, 'items.save', {
      id: itemId,
      name: { ja: 'ライフジャケット', en: 'Life jacket' },
      price: 1,
      rate: 10,
      category: 'rental',
      active: true,
    });
    expect(asked.code).toBe(LIST_MANAGED);
    await signIn(h, staff.owner, PINS.owner);
  });

  it('a list the office does not manage is changed at the counter as before', async () => {
    const list = await h.call('money.saveDiscountReason', {
      id: null,
      words: { ja: '雨の日割', en: 'Rainy day' },
      active: true,
      noteRequired: false,
    });
    expect(list.reasons.map((r) => r.words.en)).toContain('Rainy day');
  });

  it('staff dismiss the changes; the next revision’s are listed again', async () => {
    const { revision } = await h.call('office.lists', {});
    expect((await h.call('office.listsSeen', { revision })).seen).toBe(true);
    await put('/v1/web/lists/items', {
      storeId: org.storeId,
      entries: [
        {
          id: itemId,
          name: { ja: 'ライフジャケット', en: 'Life jacket' },
          price: 900,
          rate: 10,
          category: 'rental',
          active: true,
        },
      ],
    });
    await fetched();
    const view = await h.call('office.lists', {});
    expect(view.revision).toBeGreaterThan(revision);
    expect(view.seen).toBe(false);
    expect(view.changes).toEqual([expect.objectContaining({ id: itemId, kind: 'changed' })]);
    expect((await h.call('items.list', {})).items.find((i) => i.id === itemId)!.price).toBe(900);
  });

  it('a member the office adds sets a PIN here; the managed staff list changes nothing else here', async () => {
    await put('/v1/web/lists/staff', {
      storeId: org.storeId,
      entries: [{ id: null, name: '新人', role: 'staff', removed: false }],
    });
    await put('/v1/web/lists/staff/managed', { storeId: org.storeId, managed: true });
    await fetched();
    const view = await h.call('office.lists', {});
    expect(view.managed.staff).toBe(true);
    const [newcomer] = view.awaitingPin;
    expect(newcomer).toMatchObject({ name: '新人', role: 'staff' });

    // Another role than the office's, or a rename: refused. The PIN, as the office says them: kept.
    for (const change of [
      { id: newcomer!.id, name: '新人', role: 'manager' as const, pin: '1357' },
      { id: staff.staff, name: '別名', role: 'staff' as const, pin: null },
    ])
      expect((await refusal(h, 'staff.save', { ...change, newCard: false })).code).toBe(
        LIST_MANAGED,
      );
    expect((await refusal(h, 'staff.remove', { id: staff.staff, confirm: true })).code).toBe(
      LIST_MANAGED,
    );
    const saved = await h.call('staff.save', {
      id: newcomer!.id,
      name: '新人',
      role: 'staff',
      pin: '1357',
      newCard: false,
    });
    expect(saved.id).toBe(newcomer!.id);
    expect((await h.call('office.lists', {})).awaitingPin).toEqual([]);
    expect((await h.call('staff.list', {})).members.map((m) => m.name)).toContain('新人');
  });
});
