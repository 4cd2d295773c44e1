import { describe, expect, it } from 'vitest';
import { isUuid } from '../../lib/ids';
import { diffFields } from '../audit/service';
import { adminEditRefusal, grantedRoleAfterAdminEdit } from './rules';

describe('isUuid', () => {
  it.each([
    ['0b7a8c52-0bde-4f0e-9a1d-2b0ad3d1d7f1', true],
    ['0B7A8C52-0BDE-4F0E-9A1D-2B0AD3D1D7F1', true],
    ['0b7a8c52-0bde-4f0e-9a1d-2b0ad3d1d7f', false],
    ["1' or '1'='1", false],
    ['', false],
  ])('%s → %s', (v, ok) => expect(isUuid(v)).toBe(ok));
});

describe('adminEditRefusal', () => {
  it.each([
    ['a', 'b', { role: 'User' as const }, null],
    ['a', 'b', { disabled: true }, null],
    ['a', 'a', { role: 'Admin' as const }, null],
    ['a', 'a', { disabled: false }, null],
    ['a', 'a', {}, null],
    ['a', 'a', { role: 'Pro' as const }, 'You cannot remove your own admin role.'],
    ['a', 'a', { disabled: true }, 'You cannot disable your own account.'],
  ])('actor %s on %s with %o → %s', (actor, target, change, msg) => {
    expect(adminEditRefusal(actor, target, change)).toBe(msg);
  });
});

describe('diffFields', () => {
  it('lists only the fields that change, ignoring undefined', () => {
    expect(
      diffFields({ role: 'User', email: 'a@x.test', phone: null }, { role: 'Member', email: 'a@x.test', phone: undefined }),
    ).toEqual({
      role: { from: 'User', to: 'Member' },
    });
  });
  it('truncates long values', () => {
    const d = diffFields({ notes: 'a' }, { notes: 'b'.repeat(300) });
    expect((d.notes.to as string).length).toBe(201);
  });
});

describe('grantedRoleAfterAdminEdit', () => {
  it.each([
    ['Pro', 'Pro'],
    ['Member', 'Member'],
    ['User', null],
    ['Admin', null],
  ] as const)('an admin setting %s grants %s', (role, granted) => expect(grantedRoleAfterAdminEdit(role)).toBe(granted));
});
