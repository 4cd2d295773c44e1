import { describe, expect, it } from 'vitest';
import { TRADE_OUTCOMES, type TradeLeg, type TradeOutcome, type TradePatch } from '@roundup/shared';
import { EMPTY_STATE, type TradeState } from './legs-rules';
import { nextTradeState } from './trade-state-rules';
import { buy, sell } from './legs.fixtures';

const SPLIT = { buyDate: '2026-03-02', effDate: '2026-03-10' };
const TODAY = '2026-03-20';
const state = (legs: TradeLeg[], outcome: TradeOutcome = 'pending'): TradeState => ({
  ...EMPTY_STATE,
  legs,
  outcome,
  outcome_date: outcome === 'pending' ? null : '2026-03-11',
  // A fraction kept says how much: a tenth of a post-split share.
  shares_received: outcome === 'fraction_kept' ? 0.1 : null,
});
const next = (stored: TradeState, patch: TradePatch) => nextTradeState(stored, patch, SPLIT, TODAY);

/** Each leg change the paths can send, from a one-share buy. */
const CHANGES: [string, TradePatch][] = [
  ['nothing', {}],
  ['the buy price', { buy_price: 0.6 }],
  ['the dance (a sale before the split)', { legs: [buy(100, 0.5), sell(99, 0.48)] }],
  ['a sale after the split', { sell_price: 4, sell_date: '2026-03-12' }],
  ['an undated sale', { sell_price: 4 }],
  ["the kept share's sale", { kept_sell_price: 4, kept_sell_date: '2026-03-12' }],
  ['one share received', { shares_received: 1 }],
  ['one share again, replacing the legs', { legs: [buy(1, 0.5)] }],
];
const NO_SHARE = new Set(['a sale after the split', 'an undated sale', "the kept share's sale", 'one share received']);
const WORDS: Record<string, string> = { no_credit: 'Nothing credited', cash_in_lieu: 'Cash in lieu', clawed_back: 'Clawed back' };
/** A one-share sale after the split sells more than the tenth a fraction kept holds. */
const WHOLE_SALE = new Set(['a sale after the split', 'an undated sale']);

/** What the rules answer for an outcome and a change: nothing broken, or the rule and whether no share stands. */
function expected(outcome: TradeOutcome, name: string): { problem: string | null; noShare: string | null } {
  if (outcome === 'fraction_kept' && WHOLE_SALE.has(name))
    return { problem: 'Sales after the split (1 shares) cannot exceed the shares received (0.1)', noShare: null };
  if (outcome === 'pending' || outcome === 'share_received' || outcome === 'fraction_kept' || !NO_SHARE.has(name))
    return { problem: null, noShare: null };
  if (name === 'one share received') return { problem: `${WORDS[outcome]} cannot come with shares received`, noShare: outcome };
  const why = outcome === 'clawed_back' ? 'the share was taken back' : 'no share came from the split';
  return { problem: `${WORDS[outcome]}: ${why}, so there is none to sell`, noShare: outcome };
}

describe('every pair of outcome and leg change', () => {
  const rows = TRADE_OUTCOMES.flatMap((outcome) => CHANGES.map(([name, patch]) => [outcome, name, patch] as const));
  it.each(rows)('%s + %s', (outcome, name, patch) => {
    expect(next(state([buy(1, 0.5)], outcome), patch)).toMatchObject(expected(outcome, name));
  });
});

describe('the dance is replaced whole, never one leg', () => {
  const dance = state([buy(100, 0.5), sell(99, 0.48)]);
  it.each<[string, TradePatch, string | null, TradeLeg[]]>([
    ['a flat sell price that would rewrite the 99', { sell_price: 9.99 }, 'several buys and sells', dance.legs],
    ['a flat buy price', { buy_price: 0.6 }, 'several buys and sells', dance.legs],
    ['the flat values it already has', { buy_price: 0.5, sell_price: 0.48 }, null, dance.legs],
    ['one share, as legs', { legs: [buy(1, 0.5)] }, null, [buy(1, 0.5)]],
    [
      "the kept share's sale",
      { kept_sell_price: 9.99, kept_sell_date: '2026-03-12' },
      null,
      [buy(100, 0.5), sell(99, 0.48), sell(1, 9.99, '2026-03-12')],
    ],
  ])('%s', (_name, patch, problem, legs) => {
    const out = next(dance, patch);
    if (problem) expect(out.problem).toContain(problem);
    else expect(out.problem).toBeNull();
    if (!problem) expect(out.state.legs).toEqual(legs);
  });

  it("the kept share's sale edits the sale after the split, and clearing it removes that leg only", () => {
    const sold = state([buy(100, 0.5), sell(99, 0.48), sell(1, 9, '2026-03-12')]);
    expect(next(sold, { kept_sell_price: 9.5 }).state.legs).toEqual([buy(100, 0.5), sell(99, 0.48), sell(1, 9.5, '2026-03-12')]);
    expect(next(sold, { kept_sell_price: null, kept_sell_date: null }).state.legs).toEqual(dance.legs);
  });

  it.each<[string, TradeState]>([
    ['no buy', EMPTY_STATE],
    ['every share sold before the split', state([buy(1, 0.5), sell(1, 0.6)])],
  ])("the kept share's sale with %s: nothing kept", (_name, stored) => {
    expect(next(stored, { kept_sell_price: 3 })).toMatchObject({
      problem: 'No share was kept through the split to sell',
      noShare: 'nothing_kept',
    });
  });
});

describe('legs and flat fields together', () => {
  const stored = state([buy(100, 0.5), sell(99, 0.48), sell(1, 4, '2026-03-12')]);
  const read = { legs: stored.legs, buy_date: '2026-03-02', buy_price: 0.5, sell_date: '2026-03-12', sell_price: 4 };
  it.each<[string, TradePatch, string | null]>([
    ['sent back as read', read, null],
    ['sent back with the outcome changed', { ...read, outcome: 'share_received', outcome_date: '2026-03-11' }, null],
    ['new legs with flat fields that agree', { legs: [buy(1, 0.7)], buy_price: 0.7, buy_date: '2026-03-02' }, null],
    [
      'new legs with a flat field that disagrees',
      { legs: [buy(1, 0.7)], buy_price: 0.8 },
      'The legs and buy_price disagree: send the legs, or the buy and sell fields',
    ],
  ])('%s', (_name, patch, problem) => expect(next(stored, patch).problem).toBe(problem));

  it('a one-share trade read back with one flat field edited writes that field', () => {
    const one = state([buy(1, 1), sell(1, 2, '2026-03-12')]);
    const patch = { legs: one.legs, buy_date: '2026-03-02', buy_price: 1, sell_date: '2026-03-12', sell_price: 2.5 };
    expect(next(one, patch).state.legs).toEqual([buy(1, 1), sell(1, 2.5, '2026-03-12')]);
  });
});

describe('a sale before the split', () => {
  it.each<[string, TradeLeg[], string | null]>([
    ['with no buy', [sell(1, 0.5, '2026-03-03')], 'A sale before the split needs its buy: record the buy first'],
    ['after its buy', [buy(1, 0.5), sell(1, 0.6, '2026-03-03')], null],
    ['after the split with no buy (a later statement)', [sell(1, 0.5, '2026-03-12')], null],
  ])('%s', (_name, legs, problem) => expect(next(EMPTY_STATE, { legs }).problem).toBe(problem));
});
