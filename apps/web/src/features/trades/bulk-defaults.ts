import { avoidsRoundUps } from '@roundup/shared/broker-rules';
import type { Account, AccountGroup } from '@roundup/shared';

/**
 * The accounts "Apply to" starts with: the chosen group's accounts, else the active
 * accounts at brokers that do not block or refuse round-ups (product.md#stored).
 */
export function defaultBulkSelection(accounts: readonly Account[], group: AccountGroup | null = null): Set<string> {
  if (group) {
    const mine = new Set(accounts.map((a) => a._id));
    return new Set(group.accountIds.filter((id) => mine.has(id)));
  }
  return new Set(accounts.filter((a) => a.active && !avoidsRoundUps(a.brokerRules?.roundUpStatus)).map((a) => a._id));
}
