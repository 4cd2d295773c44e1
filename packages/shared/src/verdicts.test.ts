import { describe, expect, it } from 'vitest';
import { VERDICT_OUTCOMES, VERDICT_THRESHOLD, verdictText, type VerdictOutcome } from './verdicts';
import { MEASURED_MIN_MEMBERS } from './brokers';
import { TRADE_OUTCOMES } from './trades';

describe('what a verdict says', () => {
  const cases: [VerdictOutcome, string, number, string][] = [
    ['share_received', 'Schwab', 3, 'DXVQ rounded up at Schwab: 3 members got their share. Sell as DXVQ.'],
    ['fraction_kept', 'Public', 4, 'DXVQ: 4 members report a fraction of a share kept at Public. Sell as DXVQ.'],
    ['cash_in_lieu', 'Fidelity', 3, 'DXVQ: 3 members report cash in lieu at Fidelity.'],
    ['clawed_back', 'Webull', 5, 'DXVQ: 5 members report the share clawed back at Webull.'],
    ['no_credit', 'Firstrade', 3, 'DXVQ: 3 members report no credit at Firstrade.'],
  ];
  it.each(cases)('%s at %s from %i members', (outcome, brokerName, members, text) => {
    expect(verdictText({ ticker: 'DXVQ' }, { outcome, brokerName, members })).toBe(text);
  });

  it('names the symbol the exchange lists the shares under after the split, and the one bought', () => {
    const split = { ticker: 'DXVQ', postSplit: { ticker: 'DXVQD', cusip: '12345X109' } };
    expect(verdictText(split, { outcome: 'share_received', brokerName: 'Schwab', members: 3 })).toBe(
      'DXVQ rounded up at Schwab: 3 members got their share. Sell as DXVQD (was DXVQ).',
    );
    expect(verdictText({ ...split, postSplit: null }, { outcome: 'fraction_kept', brokerName: 'Public', members: 3 })).toBe(
      'DXVQ: 3 members report a fraction of a share kept at Public. Sell as DXVQ.',
    );
  });

  it('every recorded outcome but pending can be a verdict, from the same three members as any per-broker figure', () => {
    expect([...VERDICT_OUTCOMES].sort()).toEqual(TRADE_OUTCOMES.filter((o) => o !== 'pending').sort());
    expect(VERDICT_THRESHOLD).toBe(3);
    expect(VERDICT_THRESHOLD).toBe(MEASURED_MIN_MEMBERS);
  });
});
