import { describe, expect, it } from 'vitest';
import type { TradeLeg, TradePatch } from '@roundup/shared';
import { checkTrade, EMPTY_STATE, type TradeState } from './legs-rules';
import { buy, sell } from './legs.fixtures';
import { nextTradeState } from './trade-state-rules';

// A fraction kept and a share clawed back, through the one state machine (split effective 2026-03-10).

const SPLIT = { buyDate: '2026-03-02', effDate: '2026-03-10' };
const TODAY = '2026-04-20';
const AFTER = '2026-03-12';
const state = (over: Partial<TradeState>): TradeState => ({ ...EMPTY_STATE, legs: [buy(1, 0.5)], ...over });

describe('fractional sells', () => {
  it.each<[string, Partial<TradeState>, string | null]>([
    [
      'a fraction kept, sold after the split',
      { outcome: 'fraction_kept', shares_received: 0.1, legs: [buy(1, 0.5), sell(0.1, 4, AFTER)] },
      null,
    ],
    [
      'a fraction kept, sold in two parts',
      { outcome: 'fraction_kept', shares_received: 0.1, legs: [buy(1, 0.5), sell(0.03, 4, AFTER), sell(0.07, 4, '2026-03-13')] },
      null,
    ],
    [
      'more than the fraction sold',
      { outcome: 'fraction_kept', shares_received: 0.1, legs: [buy(1, 0.5), sell(0.15, 4, AFTER)] },
      'Sales after the split (0.15 shares) cannot exceed the shares received (0.1)',
    ],
    [
      'a whole share sold against a fraction kept',
      { outcome: 'fraction_kept', shares_received: 0.1, legs: [buy(1, 0.5), sell(1, 4, AFTER)] },
      'Sales after the split (1 shares) cannot exceed the shares received (0.1)',
    ],
    [
      'an undated fraction sold (it counts as after the split)',
      { outcome: 'fraction_kept', shares_received: 0.1, legs: [buy(1, 0.5), sell(0.1, 4, null)] },
      null,
    ],
    [
      'a fraction kept with no size',
      { outcome: 'fraction_kept', shares_received: null },
      'Fraction kept needs the shares received (for example 0.05)',
    ],
    [
      'a fraction kept of 0',
      { outcome: 'fraction_kept', shares_received: 0 },
      'Fraction kept needs the shares received (for example 0.05)',
    ],
    [
      'a fraction sold before the split',
      { legs: [buy(2, 0.5), sell(0.5, 0.48, '2026-03-03')] },
      'Quantity must be a whole number: only a sale after the split can sell a fraction of a share',
    ],
    [
      'a fraction bought',
      { legs: [buy(1.5, 0.5)] },
      'Quantity must be a whole number: only a sale after the split can sell a fraction of a share',
    ],
    [
      'a fraction sold after the split with no shares received said',
      { outcome: 'share_received', legs: [buy(1, 0.5), sell(0.5, 4, AFTER)] },
      'Enter the shares received before selling a fraction of a share',
    ],
    [
      'a fraction left after a whole share is sold (shares received 1.05)',
      { outcome: 'share_received', shares_received: 1.05, legs: [buy(11, 0.5), sell(1, 4, AFTER), sell(0.05, 4, AFTER)] },
      null,
    ],
    ['clawed back, dated, nothing sold', { outcome: 'clawed_back', outcome_date: '2026-04-02' }, null],
    ['clawed back and paid for', { outcome: 'clawed_back', outcome_date: '2026-04-02', cash_in_lieu_amount: 0.38 }, null],
    [
      'clawed back, then sold',
      { outcome: 'clawed_back', outcome_date: '2026-04-02', legs: [buy(1, 0.5), sell(1, 4, AFTER)] },
      'Clawed back: the share was taken back, so there is none to sell',
    ],
    [
      'cash with a share received',
      { outcome: 'share_received', cash_in_lieu_amount: 0.38 },
      'Cash in lieu needs the outcome Cash in lieu or Clawed back',
    ],
  ])('%s', (_name, over, problem) => {
    expect(checkTrade(state(over), SPLIT, TODAY)).toBe(problem);
  });
});

describe('every path asks the state machine: patches on a one-share buy', () => {
  const next = (stored: Partial<TradeState>, patch: TradePatch) => nextTradeState(state(stored), patch, SPLIT, TODAY);
  const legs = (s: { state: TradeState }): TradeLeg[] => s.state.legs;

  it("the kept share's sale after a fraction kept sells the fraction", () => {
    const out = next({ outcome: 'fraction_kept', shares_received: 0.05 }, { kept_sell_price: 4, kept_sell_date: AFTER });
    expect(out.problem).toBeNull();
    expect(legs(out)).toEqual([buy(1, 0.5), sell(0.05, 4, AFTER)]);
  });

  it('a bulk "clawed back" on a trade whose share was sold is refused, with no share to stand on', () => {
    const out = next({ outcome: 'share_received', legs: [buy(1, 0.5), sell(1, 4, AFTER)] }, { outcome: 'clawed_back' });
    expect(out).toMatchObject({
      problem: 'Clawed back: the share was taken back, so there is none to sell',
      noShare: 'clawed_back',
    });
  });

  it('moving a fraction kept to share received keeps the fraction only when sent', () => {
    const out = next({ outcome: 'fraction_kept', shares_received: 0.1 }, { outcome: 'share_received', shares_received: 1 });
    expect(out.state).toMatchObject({ outcome: 'share_received', shares_received: 1 });
    expect(out.problem).toBeNull();
  });
});
