import { hash, verify } from '@node-rs/argon2';

/**
 * How hard a new password hash is to compute. `standard` is argon2id, m=19 MiB, t=2, p=1 (OWASP ASVS 5.0
 * 11.4.2; product.md#stack): about 30 ms a hash on our machines. `test` (m=1 MiB, t=1) is for test apps only:
 * thousands of test sign-ups each paid 30 ms of a 2-core machine's time. Only `testConfig()` sets it; no
 * environment variable reaches it, so a deployed server cannot be configured into weak hashes.
 * A hash carries its own parameters, so verifying reads them from the stored hash.
 */
export type PasswordCost = 'standard' | 'test';

const OPTIONS = {
  standard: { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  test: { algorithm: 2 as const, memoryCost: 1024, timeCost: 1, parallelism: 1 },
} satisfies Record<PasswordCost, object>;

export function hashPassword(password: string, cost: PasswordCost = 'standard'): Promise<string> {
  return hash(password, OPTIONS[cost]);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const dummies = new Map<PasswordCost, Promise<string>>();
/** Spends the same time as a real check, so a missing account is not revealed by timing. */
export async function verifyAgainstDummy(password: string, cost: PasswordCost = 'standard'): Promise<false> {
  let dummy = dummies.get(cost);
  if (!dummy) dummies.set(cost, (dummy = hashPassword('dummy-password-for-timing', cost)));
  await verifyPassword(await dummy, password);
  return false;
}
