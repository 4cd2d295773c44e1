import { describe, expect, it } from 'vitest';
import { can, isAdmin, isPaidRole, normalizeRole, PERMISSIONS, type Permission } from './permissions';

describe('permission table', () => {
  const cases: [string | null, Permission, boolean][] = [
    [null, 'splits:full', false],
    ['User', 'splits:full', false],
    ['Member', 'splits:full', true],
    ['Pro', 'splits:full', true],
    ['Admin', 'splits:full', true],
    ['User', 'admin:access', false],
    ['Member', 'admin:access', false],
    ['Pro', 'admin:access', false],
    ['Admin', 'admin:access', true],
    ['admin', 'admin:access', true],
    ['User', 'trades:record', false],
    ['Pro', 'trades:record', true],
    ['User', 'area:beyond-starter', false],
    ['Member', 'area:beyond-starter', true],
    ['Hacker', 'splits:full', false],
    ['', 'splits:full', false],
  ];
  it.each(cases)('%s may %s: %s', (role, permission, expected) => {
    expect(can(role, permission)).toBe(expected);
  });

  it('gives Admin every permission', () => {
    for (const p of Object.keys(PERMISSIONS) as Permission[]) expect(can('Admin', p)).toBe(true);
  });

  it.each([
    ['admin', 'Admin'],
    ['PRO', 'Pro'],
    ['member', 'Member'],
    ['user', 'User'],
    ['root', null],
    [42, null],
  ])('normalizes %s to %s', (input, out) => {
    expect(normalizeRole(input)).toBe(out);
  });

  it('names Member and Pro as paid, User and Admin not', () => {
    expect([isPaidRole('Member'), isPaidRole('Pro'), isPaidRole('User'), isPaidRole('Admin')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(isAdmin('ADMIN')).toBe(true);
  });
});
