/**
 * The chain's lists at the counter (decisions AB70–AB79), against the real office in-process (its
 * app reached through inject at the transport's boundary): the office's entries go into the
 * counter's lists as changes made here (so the shop spreads them), a counter's later change
 * stands until the office manages the list, then the office's wins; the last copy is kept sealed
 * and an offline start uses it; nothing comes back when nothing changed; a failure waits with the
 * backoff on the fake clock; a member the office adds waits for a PIN.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/api/index';
import { CounterItem, DiscountReasonEntry } from '../../../main/common';
import { ItemCatalogue } from '../../../main/desk/items/catalogue';
import {
  memoryListsCopy,
  OfficeLists,
  sealedListsCopy,
  type ListsCopyStore,
} from '../../../main/desk/office/office-lists';
import { answerOf, OfficeError, type OfficeTransport } from '../../../main/desk/office/transport';
import { DiscountReasons } from '../../../main/desk/sales/reasons';
import type { ChangeFrom } from '../../../main/desk/shared-list';
import { StaffBook } from '../../../main/desk/staff/book';
import { demoMembers } from '../../../main/desk/staff/demo';
import { MemoryList, MemoryStaffFiles } from '../../../main/local/index';
import { web, webSignIn, type WebSession } from '../../support/books';
import { FakeClock } from '../../support/fake-clock';
import {
  enrolCounter,
  ownerWithStore,
  startTestOffice,
  type TestOffice,
} from '../../support/office';
import { openTestStore, removeDir, tempDir } from '../../local/support';

let office: TestOffice;
let org: { orgId: string; storeId: string };
let owner: WebSession;
let credential: string;
const dirs: string[] = [];

beforeAll(async () => {
  office = await startTestOffice();
  org = await ownerWithStore(office);
  credential = (await enrolCounter(office, org.orgId, org.storeId, 'c-1')).credential;
  owner = await webSignIn(office, 'owner@example.jp');
}, 120_000);
afterAll(() => office.stop());
afterEach(() => {
  for (const d of dirs.splice(0)) removeDir(d);
});

/** The office's app at the transport's boundary; `down` answers as no office would. */
function transport(state = { down: false, paths: [] as string[] }): OfficeTransport & {
  state: typeof state;
} {
  return {
    state,
    async request(request, schema) {
      state.paths.push(request.path);
      if (state.down) throw new OfficeError(0, 'network', 'no route');
      const res = await office.app.inject({
        method: request.method,
        url: `/v1${request.path}`,
        headers: request.credential ? { authorization: `Bearer ${request.credential}` } : {},
      });
      return answerOf(res.statusCode, res.body ? JSON.parse(res.body) : null, schema);
    },
  };
}

function counter() {
  const clock = new FakeClock(Date.parse('2026-12-07T10:00:00Z'));
  const catalogue = new ItemCatalogue(
    new MemoryList(CounterItem),
    () => 'c-1',
    () => clock.now(),
  );
  const reasons = new DiscountReasons(
    new MemoryList(DiscountReasonEntry),
    () => 'c-1',
    () => clock.now(),
  );
  const book = new StaffBook(new MemoryStaffFiles(demoMembers()));
  const heard: { id: string; from: ChangeFrom }[] = [];
  catalogue.onChange((item, from) => heard.push({ id: item.id, from }));
  const make = (copy: ListsCopyStore, via = transport(), token: string | null = credential) =>
    new OfficeLists({
      storeId: org.storeId,
      transport: via,
      credential: () => token,
      copy,
      targets: () => ({
        items: catalogue.list,
        reasons: reasons.shared,
        reason: (id) => reasons.get(id),
        staff: book.members,
      }),
      clock,
      logger: createLogger(() => {}, 'error'),
      random: () => 0.5,
      idleMs: 60_000,
    });
  return { clock, catalogue, reasons, book, heard, make };
}

const item = (patch: Record<string, unknown> = {}) => ({
  id: null,
  name: { ja: 'タオル', en: 'Towel' },
  price: 300,
  rate: 10,
  category: 'goods',
  active: true,
  ...patch,
});

async function put(list: string, body: unknown) {
  const answer = await web(office, owner, 'PUT', `/v1/web/lists/${list}`, body);
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('the office’s items at the counter', () => {
  it('arrive as changes made here (the shop spreads them), listed for staff; nothing again when nothing changed', async () => {
    const set = await put('items', { storeId: null, entries: [item()] });
    const id = set.entries.at(-1).entry.id as string;
    const c = counter();
    const copy = memoryListsCopy();
    const lists = c.make(copy);
    lists.start();
    await lists.fetch();
    expect(c.catalogue.get(id)).toMatchObject({ price: 300, updatedBy: 'office:owner@example.jp' });
    expect(c.heard).toContainEqual({ id, from: 'here' });
    expect(copy.read()!.changes).toContainEqual({
      list: 'items',
      id,
      name: { ja: 'タオル', en: 'Towel' },
      kind: 'added',
    });
    expect(copy.read()!.seen).toBe(false);
    lists.seen(lists.revision);
    expect(copy.read()!.seen).toBe(true);

    // Asked again on the timer: since its revision, nothing comes back and nothing is put.
    const heard = c.heard.length;
    const revision = lists.revision;
    await c.clock.advance(60_000);
    expect(lists.revision).toBe(revision);
    expect(c.heard).toHaveLength(heard);
    expect(copy.read()!.seen).toBe(true);
    lists.close();
  });

  it('a counter’s later change stands while the office does not manage items; once it does, the office’s wins', async () => {
    const set = await put('items', {
      storeId: null,
      entries: [item({ name: { ja: '帽子', en: 'Hat' } })],
    });
    const id = set.entries.find((e: any) => e.entry.name.en === 'Hat').entry.id as string;
    const c = counter();
    const lists = c.make(memoryListsCopy());
    await lists.fetch();
    await c.clock.advance(1);
    // A manager at the counter changes the price, after the office's stamp.
    const mine = c.catalogue.save({ ...c.catalogue.get(id)!, id, price: 999 });
    expect(mine.updatedBy).toBe('c-1');
    // Another change at the office (another entry): a new revision, the counter's price stands.
    await put('items', { storeId: null, entries: [item({ name: { ja: '水', en: 'Water' } })] });
    await lists.fetch();
    expect(c.catalogue.get(id)!.price).toBe(999);
    expect(lists.managed('items')).toBe(false);

    await web(office, owner, 'PUT', '/v1/web/lists/items/managed', {
      storeId: org.storeId,
      managed: true,
    });
    await lists.fetch();
    expect(lists.managed('items')).toBe(true);
    const now = c.catalogue.get(id)!;
    expect(now.price).toBe(300);
    // Stamped just after the counter's: it wins at every counter of the shop.
    expect(now.updatedAt).toBe(mine.updatedAt + 1);
    expect(now.updatedBy).toBe('office:owner@example.jp');

    // An older counter of the shop changes it anyway: heard from the shop, the office's comes back.
    c.catalogue.merge({ ...now, price: 1, updatedAt: now.updatedAt + 10, updatedBy: 'c-old' });
    expect(c.catalogue.get(id)).toMatchObject({
      price: 300,
      updatedAt: now.updatedAt + 11,
      updatedBy: 'office:owner@example.jp',
    });
    // Another counter's copy of a newer office revision is not fought over.
    c.catalogue.merge({ ...now, price: 350, updatedAt: now.updatedAt + 20 });
    expect(c.catalogue.get(id)!.price).toBe(350);
    lists.close();
  });
});

describe('the copy kept', () => {
  it('is sealed on disk, and an offline start puts it into the lists and knows what is managed', async () => {
    const root = tempDir();
    dirs.push(root);
    const store = openTestStore(root);
    await put('staff', {
      storeId: org.storeId,
      entries: [{ id: 'demo-staff', name: '高橋はな', role: 'staff', removed: false }],
    });
    const first = counter();
    const online = first.make(sealedListsCopy(store.files, store.cipher));
    await online.fetch();
    online.close();
    const file = readFileSync(path.join(root, 'office', 'lists.json'), 'utf8');
    expect(file).not.toContain('高橋');
    expect(file).not.toContain('Towel');

    // The next day, the office out of reach: a fresh counter starts from the copy.
    const second = counter();
    const via = transport({ down: true, paths: [] });
    const offline = second.make(sealedListsCopy(store.files, store.cipher), via);
    offline.start();
    await offline.fetch();
    expect(offline.managed('items')).toBe(true);
    expect(second.catalogue.all().map((i) => i.name.en)).toEqual(
      expect.arrayContaining(['Towel', 'Hat', 'Water']),
    );
    expect(second.book.get('demo-staff')!.name).toBe('高橋はな');
    // It tries again after the backoff (full jitter: half of the first second here), not before.
    const asked = via.state.paths.length;
    await second.clock.advance(499);
    expect(via.state.paths).toHaveLength(asked);
    via.state.down = false;
    await second.clock.advance(1);
    expect(via.state.paths).toHaveLength(asked + 1);
    expect(via.state.paths.at(-1)).toBe(`/device/lists?since=${offline.revision}`);
    offline.close();
  });
});

describe('a copy of another enrolment', () => {
  it('is not used: a PC enrolled in another store asks for everything', async () => {
    const first = counter();
    const copy = memoryListsCopy();
    const lists = first.make(copy);
    await lists.fetch();
    lists.close();
    const kept = copy.read()!;
    expect(kept.lists.managed.items).toBe(true);
    const other = memoryListsCopy({ ...kept, storeId: 'another-store' });
    const c = counter();
    const via = transport();
    const fresh = c.make(other, via);
    expect(fresh.managed('items')).toBe(false);
    await fresh.fetch();
    expect(via.state.paths).toEqual(['/device/lists?since=0']);
    expect(fresh.managed('items')).toBe(true);
    fresh.close();
  });
});

describe('reasons and staff', () => {
  it('a reason the office renames is renamed here; a member it adds waits for a PIN', async () => {
    await put('discountReasons', {
      storeId: null,
      entries: [
        {
          id: 'promotion',
          words: { ja: 'キャンペーン割', en: 'Campaign' },
          active: true,
          noteRequired: false,
        },
      ],
    });
    await put('staff', {
      storeId: org.storeId,
      entries: [{ id: null, name: '新人', role: 'staff', removed: false }],
    });
    const c = counter();
    const lists = c.make(memoryListsCopy());
    await lists.fetch();
    expect(c.reasons.get('promotion')!.words.en).toBe('Campaign');
    expect(lists.awaitingPin().map((m) => m.name)).toEqual(['新人']);
    expect(c.book.active().map((m) => m.name)).not.toContain('新人');
    lists.close();
  });

  it('never removes the counter’s last owner', async () => {
    await put('staff', {
      storeId: org.storeId,
      entries: [{ id: 'demo-owner', name: '山本', role: 'staff', removed: true }],
    });
    const c = counter();
    const lists = c.make(memoryListsCopy());
    await lists.fetch();
    expect(c.book.get('demo-owner')!.role).toBe('owner');
    lists.close();
  });

  it('stops asking when the office refuses the credential', async () => {
    const c = counter();
    const via = transport();
    const lists = c.make(memoryListsCopy(), via, 'fdd_not-a-credential');
    await lists.fetch();
    expect(lists.stopped).toBe(true);
    await c.clock.advance(10 * 60_000);
    expect(via.state.paths).toHaveLength(1);
  });
});
