import { ROLES, type Role } from '@roundup/shared';

/**
 * Why an admin may not make this change to a user, or null when allowed.
 * An admin cannot lock themselves out: no demoting or disabling their own account.
 */
export function adminEditRefusal(actorId: string, targetId: string, change: { role?: Role; disabled?: boolean }): string | null {
  if (actorId !== targetId) return null;
  if (change.role !== undefined && change.role !== 'Admin') return 'You cannot remove your own admin role.';
  if (change.disabled === true) return 'You cannot disable your own account.';
  return null;
}

/**
 * The role an admin's role edit grants (users.granted_role): Member or Pro stay through any later
 * purchase and cancellation (billing's roleFor never goes below it); User or Admin grant nothing.
 */
export function grantedRoleAfterAdminEdit(role: Role): 'Member' | 'Pro' | null {
  return role === 'Pro' || role === 'Member' ? role : null;
}

export const EDITABLE_ROLES: readonly Role[] = ROLES;
