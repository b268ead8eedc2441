/**
 * The staff list and the audit on disk (issue 29, decisions S28, S32): sealed, so no name, PIN hash
 * or card is in clear; one file per member and per audit record, each standing alone — a damaged
 * one, one sealed with another key, one moved onto another's name, an audit record of an unknown
 * kind or with its clear part changed: each listed as what it is, the others read.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PERMISSIONS } from '../../../main/common/staff';
import { demoMembers } from '../../../main/desk/staff/demo';
import {
  SealedAuditLog,
  SealedStaffFiles,
  type NewAuditRecord,
  type StaffMember,
} from '../../../main/local/index';
import { allFiles, openTestStore, removeDir, tempDir } from '../support';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) removeDir(d);
});

function store(key?: Buffer) {
  const root = dirs.at(-1) ?? tempDir();
  if (!dirs.includes(root)) dirs.push(root);
  const opened = openTestStore(root, key ? { key } : {});
  return { root, staff: new SealedStaffFiles(opened.files, opened.cipher), opened };
}

const [owner, manager, staff] = demoMembers() as [StaffMember, StaffMember, StaffMember];
const memberFile = (root: string, id: string) => path.join(root, 'staff/members', `${id}.json`);

describe('the staff list on disk', () => {
  it('holds every member sealed: no name, hash or card in clear', () => {
    const { root, staff: files } = store();
    for (const m of [owner, manager, staff]) files.members.put(m);
    files.putPolicy({
      permissions: { ...DEFAULT_PERMISSIONS, staff: ['close'], manager: ['refund'] },
      idleLockMinutes: 3,
      updatedAt: 1,
      updatedBy: 'c1',
    });
    const text = allFiles(root)
      .map((f) => f.text)
      .join('\n');
    for (const m of [owner, manager, staff]) {
      expect(text).not.toContain(m.name);
      expect(text).not.toContain(m.pin.hash);
      expect(text).not.toContain(m.card!);
    }
    const again = store();
    expect(
      again.staff.members
        .entries()
        .entries.map((m) => m.name)
        .sort(),
    ).toEqual([owner, manager, staff].map((m) => m.name).sort());
    expect(again.staff.policy()).toMatchObject({ idleLockMinutes: 3 });
  });

  it('lists a damaged member, one sealed elsewhere and one moved onto another’s name alone', () => {
    const { root, staff: files } = store();
    for (const m of [owner, manager, staff]) files.members.put(m);
    // Damaged: not JSON.
    writeFileSync(memberFile(root, manager.id), '{"v":1,"id":');
    // Moved: the owner's sealed file under the staff member's name (its seal is bound to its id).
    writeFileSync(
      memberFile(root, staff.id),
      readFileSync(memberFile(root, owner.id), 'utf8').replace(owner.id, staff.id),
    );
    const read = store().staff.members.entries();
    expect(read.entries.map((m) => m.id)).toEqual([owner.id]);
    expect(read.unreadable).toEqual(
      expect.arrayContaining([
        { id: manager.id, problem: 'corrupt' },
        { id: staff.id, problem: 'sealed_elsewhere' },
      ]),
    );
  });

  it('cannot open members sealed with another key, and says so for each', () => {
    const { staff: files } = store();
    files.members.put(owner);
    const other = store(Buffer.alloc(32, 9));
    expect(other.staff.members.entries()).toEqual({
      entries: [],
      unreadable: [{ id: owner.id, problem: 'sealed_elsewhere' }],
    });
    expect(other.staff.policy()).toBeNull();
  });
});

describe('the audit on disk', () => {
  const record = (kind: NewAuditRecord['kind'], at: number): NewAuditRecord => ({
    at,
    businessDate: '2026-11-24',
    counterId: 'c1',
    counterName: '受付1',
    kind,
    staff: { id: staff.id, name: staff.name },
    approvedBy: { id: manager.id, name: manager.name },
    subject: null,
    action: 'refund.record',
    ref: null,
    detail: null,
  });

  it('keeps names sealed and lists a corrupt, a foreign, a changed and a newer record alone', () => {
    const { root, opened } = store();
    const log = new SealedAuditLog(opened.files, opened.cipher);
    const [a, b, c, d, e] = (['sign_in', 'approval', 'action', 'sign_out', 'lock'] as const).map(
      (kind, i) => log.append(record(kind, 1_000 + i)),
    );
    const text = allFiles(root)
      .map((f) => f.text)
      .join('\n');
    expect(text).not.toContain(staff.name);
    expect(text).not.toContain(manager.name);
    const file = (id: string) => path.join(root, 'audit/2026-11-24', `${id}.json`);
    writeFileSync(file(b!.id), 'garbage');
    const foreign = store(Buffer.alloc(32, 9));
    new SealedAuditLog(foreign.opened.files, foreign.opened.cipher).append({
      ...record('lock', 5),
      id: 'foreign',
    });
    const changed = JSON.parse(readFileSync(file(c!.id), 'utf8'));
    changed.clear.action = 'nothing';
    writeFileSync(file(c!.id), JSON.stringify(changed));
    const newer = JSON.parse(readFileSync(file(d!.id), 'utf8'));
    newer.kind = 'drawer_counted';
    writeFileSync(file(d!.id), JSON.stringify(newer));

    const days = new SealedAuditLog(opened.files, opened.cipher).range('2026-11-24', '2026-11-24');
    expect(days.records.map((r) => r.id)).toEqual([a!.id, e!.id]);
    expect(days.records[0]).toMatchObject({ staff: { name: staff.name }, kind: 'sign_in' });
    const problems = Object.fromEntries(days.unreadable.map((u) => [u.id, u.problem]));
    expect(problems).toEqual({
      [b!.id]: 'corrupt',
      foreign: 'sealed_elsewhere',
      [c!.id]: 'corrupt',
      [d!.id]: 'unknown_kind',
    });
    expect(days.unreadable.find((u) => u.id === 'foreign')).toMatchObject({
      kind: 'lock',
      businessDate: '2026-11-24',
    });
  });
});
