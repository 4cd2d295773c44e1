/**
 * One permission table for server and web (product.md#api-contract).
 * Roles: User = Starter (free), Member and Pro = paid, Admin.
 */
export const ROLES = ['User', 'Member', 'Pro', 'Admin'] as const;
export type Role = (typeof ROLES)[number];

export const PAID_ROLES: readonly Role[] = ['Member', 'Pro'];

const TABLE = {
  /** See every upcoming split unmasked, use the iCal feed. */
  'splits:full': ['Member', 'Pro', 'Admin'],
  /** Add, edit and delete splits, brokers, FAQs; read users, feedback, comms. */
  'admin:access': ['Admin'],
  /** Record trades against splits. */
  'trades:record': ['Member', 'Pro', 'Admin'],
  /** Receive the Pro-only alerts (new split, buy and sell reminders). */
  'alerts:pro': ['Member', 'Pro', 'Admin'],
  /** The area guarded for "roles other than User" (product.md#screens guard 3). */
  'area:beyond-starter': ['Member', 'Pro', 'Admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof TABLE;
export const PERMISSIONS: Readonly<Record<Permission, readonly Role[]>> = TABLE;

/** Normalises the spellings seen in the wild ("admin", "pro") to a Role, or null. */
export function normalizeRole(value: unknown): Role | null {
  if (typeof value !== 'string') return null;
  const lower = value.toLowerCase();
  return ROLES.find((r) => r.toLowerCase() === lower) ?? null;
}

export function can(role: Role | string | null | undefined, permission: Permission): boolean {
  const r = normalizeRole(role);
  return r !== null && PERMISSIONS[permission].includes(r);
}

export function isPaidRole(role: Role | string | null | undefined): boolean {
  const r = normalizeRole(role);
  return r !== null && PAID_ROLES.includes(r);
}

export function isAdmin(role: Role | string | null | undefined): boolean {
  return normalizeRole(role) === 'Admin';
}

/** The subscription tier the UI names for a user (product.md#screens Subscription tab). */
export const TIERS = ['Starter', 'Pro', 'Lifetime'] as const;
export type Tier = (typeof TIERS)[number];
