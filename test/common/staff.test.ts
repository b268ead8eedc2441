/**
 * The roles, each written once (decisions S22, AA52): what each may do by default and under a
 * table the owner set, the order members are listed in, and a table kept before a role was added.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PERMISSIONS,
  Permission,
  PermissionTable,
  ROLES,
  StaffRole,
  TABLE_ROLES,
  mayDo,
  permissionsOf,
  roleRank,
} from '../../main/common/staff';

describe('what each role may do', () => {
  it('by default: staff close and reprint; managers the money and the audit; owners all', () => {
    expect(permissionsOf('staff', DEFAULT_PERMISSIONS)).toEqual(['close', 'reprint']);
    expect(permissionsOf('manager', DEFAULT_PERMISSIONS)).toEqual([
      'refund',
      'correct',
      'discount',
      'drawer',
      'waiveFee',
      'close',
      'reprint',
      'audit',
      'items',
    ]);
    expect(permissionsOf('owner', DEFAULT_PERMISSIONS)).toEqual(Permission.options);
  });

  it('follows the owner’s table, and an owner may do all whatever it says', () => {
    const table = { ...DEFAULT_PERMISSIONS, staff: ['refund' as const], manager: [] };
    expect(mayDo('staff', 'refund', table)).toBe(true);
    expect(mayDo('staff', 'close', table)).toBe(false);
    expect(mayDo('manager', 'refund', table)).toBe(false);
    for (const p of Permission.options) expect(mayDo('owner', p, table)).toBe(true);
  });
});

describe('the roles, written once', () => {
  it('are the table’s, in its order; the owner’s table sets every one but the owner', () => {
    expect(StaffRole.options).toEqual(Object.keys(ROLES));
    expect(StaffRole.options).toEqual(expect.arrayContaining(['staff', 'manager', 'owner']));
    expect(TABLE_ROLES).toEqual(StaffRole.options.filter((r) => r !== 'owner'));
    expect(Object.keys(DEFAULT_PERMISSIONS)).toEqual(TABLE_ROLES);
  });

  it('list the most trusted first: the table read from its end', () => {
    const listed = [...StaffRole.options].sort((a, b) => roleRank(a) - roleRank(b));
    expect(listed).toEqual([...StaffRole.options].reverse());
    expect(listed.slice(0, 3)).toEqual(['owner', 'manager', 'staff']);
  });

  it('a table kept without a role gives that role its defaults; a role’s list is still checked', () => {
    const { manager: _, ...kept } = { ...DEFAULT_PERMISSIONS, staff: ['refund'] };
    expect(PermissionTable.parse(kept)).toEqual({
      ...DEFAULT_PERMISSIONS,
      staff: ['refund'],
      manager: DEFAULT_PERMISSIONS.manager,
    });
    expect(PermissionTable.safeParse({ ...DEFAULT_PERMISSIONS, staff: ['fly'] }).success).toBe(
      false,
    );
  });
});
