/**
 * The staff list shared between counters (issue 29, decision S26) over an in-memory network: a
 * member added at one counter reaches the others' own files; two counters that changed the same
 * member while cut apart settle on the later change on both sides once healed (the one holding it
 * writes it back); a removal is kept as such and wins over an older copy; the policy likewise; a
 * record of another shape in the shared doc is refused alone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PERMISSIONS } from '../../../main/common/staff';
import { MemoryStaffFiles, type StaffMember, type StaffPolicy } from '../../../main/local/index';
import { SHARED_POLICY, SHARED_STAFF, StaffBook } from '../../../main/desk/staff/book';
import { shareList } from '../../../main/desk/shared-list';
import { demoMembers } from '../../../main/desk/staff/demo';
import { MemoryNetwork } from '../../support/memory-bus';
import { waitFor } from '../../support/wait';
import { openCounter, sendRaw, type TestCounter } from '../../shop/shared/counters';

const live: { counter: TestCounter; stop: () => void }[] = [];
afterEach(() => {
  for (const { counter, stop } of live.splice(0)) {
    stop();
    counter.state.close();
  }
});

const [owner, manager, staff] = demoMembers() as [StaffMember, StaffMember, StaffMember];

function counterWith(network: MemoryNetwork, id: string, members: StaffMember[] = []) {
  const counter = openCounter(network, id);
  const files = new MemoryStaffFiles(members);
  const book = new StaffBook(files);
  const stops = [
    shareList(counter.state, SHARED_STAFF, book.members),
    shareList(counter.state, SHARED_POLICY, book.policyList()),
  ];
  live.push({ counter, stop: () => stops.forEach((stop) => stop()) });
  return { counter, book, files };
}

const names = (book: StaffBook) => book.active().map((m) => `${m.name}:${m.role}`);

describe('the staff list across counters', () => {
  it('reaches every counter, into its own files', async () => {
    const network = new MemoryNetwork();
    const a = counterWith(network, 'c1', [owner]);
    const b = counterWith(network, 'c2');
    const c = counterWith(network, 'c3');
    a.book.put({ ...staff, updatedAt: 10, updatedBy: 'c1' });
    await waitFor(
      () => names(b.book).length === 2 && names(c.book).length === 2,
      'the member on both others',
    );
    expect(names(c.book)).toEqual(['山本:owner', '鈴木:staff']);
    expect(
      b.files.members
        .entries()
        .entries.map((m) => m.id)
        .sort(),
    ).toEqual([owner.id, staff.id].sort());
    expect(b.book.enabled).toBe(true);
  });

  it('settles two changes made apart on the later one, on both sides', async () => {
    const network = new MemoryNetwork();
    const a = counterWith(network, 'c1', [manager]);
    const b = counterWith(network, 'c2', [manager]);
    network.partition(['c1'], ['c2']);
    a.book.put({ ...manager, name: '佐藤（新）', updatedAt: 2_000, updatedBy: 'c1' });
    b.book.put({ ...manager, role: 'staff', updatedAt: 1_000, updatedBy: 'c2' });
    network.heal();
    await waitFor(
      () =>
        a.book.get(manager.id)?.name === '佐藤（新）' &&
        b.book.get(manager.id)?.name === '佐藤（新）',
      'the later change on both',
    );
    expect(b.book.get(manager.id)).toMatchObject({ role: 'manager', updatedAt: 2_000 });
    expect(a.counter.state.list(SHARED_STAFF).all()).toEqual(
      b.counter.state.list(SHARED_STAFF).all(),
    );
  });

  it('keeps a removal against an older copy, and shares the owner’s policy', async () => {
    const network = new MemoryNetwork();
    const a = counterWith(network, 'c1', [owner, staff]);
    const b = counterWith(network, 'c2', [owner, staff]);
    await waitFor(() => b.counter.state.list(SHARED_STAFF).all().length === 2, 'the list shared');
    a.book.put({ ...staff, removed: true, updatedAt: 5, updatedBy: 'c1' });
    const policy: StaffPolicy = {
      permissions: { ...DEFAULT_PERMISSIONS, staff: ['refund'], manager: ['refund', 'audit'] },
      idleLockMinutes: 2,
      updatedAt: 6,
      updatedBy: 'c1',
    };
    a.book.putPolicy(policy);
    await waitFor(
      () => b.book.get(staff.id) === null && b.book.policy().idleLockMinutes === 2,
      'the removal and the policy',
    );
    // An older copy arriving later does not bring the member back.
    expect(b.book.merge({ ...staff, updatedAt: 1 })).toBe(false);
    expect(b.book.get(staff.id)).toBeNull();
    expect(b.book.policy()).toEqual(policy);
  });

  it('refuses a member of another shape alone: the others stand', async () => {
    const network = new MemoryNetwork();
    const a = counterWith(network, 'c1', [owner]);
    const rogue = network.join('rogue');
    sendRaw(rogue, 'c1', (doc) => {
      doc.getMap('staff').set('x', { id: 'x', name: 'PIN 1234', role: 'owner', pin: '1234' });
      doc.getMap('staff').set(staff.id, { ...staff, email: 'suzuki@example.com' });
    });
    await waitFor(
      () => a.counter.state.problems().filter((p) => p.area === 'staff').length === 2,
      'both refused',
    );
    expect(names(a.book)).toEqual(['山本:owner']);
  });
});
