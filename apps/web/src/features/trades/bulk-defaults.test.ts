import { describe, expect, it } from 'vitest';
import type { Account, RoundUpStatus } from '@roundup/shared';
import { defaultBulkSelection } from './bulk-defaults';

const acc = (id: string, active: boolean, status: RoundUpStatus | null, noRules = false): Account => ({
  _id: id,
  userId: 'u',
  brokerId: 'b',
  broker: 'B',
  type: 'Individual Cash',
  nickname: id,
  tradeCount: 0,
  active,
  brokerRules: noRules
    ? null
    : {
        minimumOrder: [],
        dayOneDelivery: null,
        roundUpStatus: status,
        roundUpStatusDate: null,
        roundUpStatusSource: null,
        returnsFraction: false,
        newAccountRestriction: null,
        reorgFeeCents: null,
      },
});
const accounts = [
  acc('fidelity', true, 'honours'),
  acc('unknown', true, null),
  acc('no-broker', true, null, true),
  acc('old', false, 'honours'),
  acc('alpaca', true, 'does_not_honour'),
  acc('vanguard', true, 'blocks'),
];

describe('defaultBulkSelection (Record Trades "Apply to")', () => {
  it('takes active accounts, leaving out brokers that block or do not honour round-ups', () => {
    expect([...defaultBulkSelection(accounts)]).toEqual(['fidelity', 'unknown', 'no-broker']);
  });
  it("takes a chosen group's accounts as they are (the member chose them), without ones since deleted", () => {
    const group = { _id: 'g', name: 'odd ones', accountIds: ['vanguard', 'gone', 'old'] };
    expect([...defaultBulkSelection(accounts, group)]).toEqual(['vanguard', 'old']);
  });
});
