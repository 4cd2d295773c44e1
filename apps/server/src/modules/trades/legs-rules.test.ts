import { describe, expect, it } from 'vitest';
import type { TradeLeg, TradePatch } from '@roundup/shared';
import {
  checkTrade,
  EMPTY_STATE,
  flatOf,
  mergeTradeEdit,
  sameTrade,
  sortLegs,
  withDefaultBuyDate,
  type TradeState,
} from './legs-rules';
import { buy, sell } from './legs.fixtures';

/** A trade written with the flat fields (what every client sent before legs). */
const f = (over: TradePatch): TradeState => mergeTradeEdit(EMPTY_STATE, over);
const SPLIT = { effDate: '2026-03-10' };

describe('withDefaultBuyDate', () => {
  it.each([
    ['price above 0, no date → split buyDate', f({ buy_price: 1.5 }), '2026-03-02'],
    ['price 0 keeps no date', f({ buy_price: 0 }), null],
    ['no price keeps no date', f({}), null],
    ['an explicit date wins', f({ buy_price: 2, buy_date: '2026-02-27' }), '2026-02-27'],
  ])('%s', (_name, input, expected) => {
    expect(flatOf(withDefaultBuyDate(input, '2026-03-02').legs).buy_date).toBe(expected);
  });
});

describe('checkTrade with the flat fields', () => {
  it.each([
    [f({ buy_date: '2026-03-02', sell_date: '2026-03-01' }), 'Sell date cannot be before the buy date'],
    [f({ buy_date: '2026-03-02', sell_date: '2026-03-02' }), null],
    [f({ buy_date: '2026-03-02', sell_date: '2026-03-10' }), null],
    [f({ sell_date: '2026-03-10' }), null],
    [f({ buy_date: '2026-03-10' }), null],
    // Outcomes
    [f({ buy_price: 1, outcome: 'share_received' }), null],
    [f({ buy_date: '2026-03-02', outcome: 'cash_in_lieu', outcome_date: '2026-03-05' }), null],
    [f({ buy_date: '2026-03-02', outcome: 'no_credit', outcome_date: '2026-03-02' }), null],
    [f({ outcome: 'share_received' }), 'Record the buy before its outcome'],
    [f({ sell_price: 2, outcome: 'no_credit' }), 'Record the buy before its outcome'],
    [
      f({ buy_price: 1, outcome_date: '2026-03-05' }),
      'Choose the outcome for its date (share received, fraction kept, cash in lieu, clawed back or no credit)',
    ],
    [
      f({ buy_date: '2026-03-02', outcome: 'share_received', outcome_date: '2026-03-01' }),
      'Outcome date cannot be before the buy date',
    ],
    // An outcome is a fact: not after tomorrow's market date (today is 2026-03-20 here).
    [f({ buy_date: '2026-03-02', outcome: 'share_received', outcome_date: '2026-03-20' }), null],
    [f({ buy_date: '2026-03-02', outcome: 'share_received', outcome_date: '2026-03-21' }), null],
    [
      f({ buy_date: '2026-03-02', outcome: 'share_received', outcome_date: '2026-03-22' }),
      'Outcome date cannot be in the future',
    ],
    [f({ buy_price: 1, outcome: 'cash_in_lieu', outcome_date: '2027-01-01' }), 'Outcome date cannot be in the future'],
  ])('%j → %s', (input, expected) => expect(checkTrade(input, SPLIT, '2026-03-20')).toBe(expected));

  it('allows the day after, across a month or year end', () => {
    const april = f({ buy_price: 1, outcome: 'no_credit', outcome_date: '2026-04-01' });
    expect(checkTrade(april, SPLIT, '2026-03-31')).toBeNull();
    expect(checkTrade(april, SPLIT, '2026-03-30')).toBe('Outcome date cannot be in the future');
    const fields = f({ buy_price: 1, outcome: 'share_received', outcome_date: '2027-01-01' });
    expect(checkTrade(fields, SPLIT, '2026-12-31')).toBeNull();
    expect(checkTrade(fields, SPLIT, '2026-12-30')).toBe('Outcome date cannot be in the future');
  });
});

describe('mergeTradeEdit (a partial edit keeps what it does not send)', () => {
  const flat = { buy_date: '2026-03-01', buy_price: 1.25, sell_date: '2026-03-05', sell_price: 2.5 };
  const stored = f(flat);
  it.each([
    ['nothing sent keeps everything', {}, stored],
    ['one field sent changes that field', { sell_price: 3 }, f({ ...flat, sell_price: 3 })],
    ['null clears only that field', { sell_date: null }, f({ ...flat, sell_date: null })],
    ['every field sent replaces all', { buy_date: null, buy_price: 0, sell_date: null, sell_price: null }, f({ buy_price: 0 })],
  ])('%s', (_name, patch, expected) => expect(mergeTradeEdit(stored, patch)).toEqual(expected));
});

describe('sameTrade', () => {
  it.each([
    [f({ buy_price: 1.5 }), f({ buy_price: 1.5 }), true],
    [f({ buy_price: 1.5 }), f({ buy_price: 1.5, buy_date: '2026-03-01' }), false],
    [f({}), f({}), true],
    [f({ sell_price: 0 }), f({ sell_price: null }), false],
  ])('%j vs %j → %s', (a, b, same) => expect(sameTrade(a, b)).toBe(same));
});

describe('the flat fields are the first buy leg and the last sell leg', () => {
  it('a new trade from flat fields is a one-share buy and a one-share sell', () => {
    expect(f({ buy_date: '2026-03-02', buy_price: 0.5, sell_price: 9 }).legs).toEqual([buy(1, 0.5), sell(1, 9, null)]);
  });
  it('the dance reads buy 100 at 0.50 and its last sell (the kept share at 9.00)', () => {
    const legs = sortLegs([sell(1, 9, '2026-03-12'), buy(100, 0.5), sell(99, 0.48)]);
    expect(legs).toEqual([buy(100, 0.5), sell(99, 0.48), sell(1, 9, '2026-03-12')]);
    expect(flatOf(legs)).toEqual({ buy_date: '2026-03-02', buy_price: 0.5, sell_date: '2026-03-12', sell_price: 9 });
  });
  it('a flat sell price edits the last sell leg only and keeps its quantity', () => {
    const dance = mergeTradeEdit(EMPTY_STATE, { legs: [buy(100, 0.5), sell(99, 0.48), sell(1, 9, '2026-03-12')] });
    expect(mergeTradeEdit(dance, { sell_price: 9.5 }).legs).toEqual([buy(100, 0.5), sell(99, 0.48), sell(1, 9.5, '2026-03-12')]);
    expect(mergeTradeEdit(dance, { buy_price: 0.49 }).legs[0]).toEqual(buy(100, 0.49));
  });
  it('clearing a leg’s date and price removes that leg', () => {
    const t = f({ buy_date: '2026-03-02', buy_price: 1, sell_date: '2026-03-12', sell_price: 2 });
    expect(mergeTradeEdit(t, { sell_date: null, sell_price: null }).legs).toEqual([buy(1, 1)]);
  });
  it('legs replace every leg; the outcome fields are kept unless sent', () => {
    const t = mergeTradeEdit(f({ buy_price: 1, outcome: 'cash_in_lieu' }), {
      legs: [buy(26, 0.7), sell(25, 0.69)],
      cash_in_lieu_amount: 0.42,
    });
    expect(t).toEqual({
      ...EMPTY_STATE,
      legs: [buy(26, 0.7), sell(25, 0.69)],
      outcome: 'cash_in_lieu',
      cash_in_lieu_amount: 0.42,
    });
  });
  it('sameTrade compares legs and outcome details', () => {
    const a = f({ legs: [buy(100, 0.5), sell(99, 0.48)] });
    expect(sameTrade(a, f({ legs: [buy(100, 0.5), sell(99, 0.48)] }))).toBe(true);
    expect(sameTrade(a, f({ legs: [buy(100, 0.5), sell(98, 0.48)] }))).toBe(false);
    expect(sameTrade(a, { ...a, shares_received: 1 })).toBe(false);
  });
});

describe('checkTrade with legs (split effective 2026-03-10)', () => {
  const t = (legs: TradeLeg[], over: Partial<TradeState> = {}) => ({ ...EMPTY_STATE, legs: sortLegs(legs), ...over });
  it.each([
    ['the dance: buy 100, sell 99 the same day', t([buy(100, 0.5), sell(99, 0.48)]), null],
    [
      'round lot: buy 1, 100 received and sold after the split',
      t([buy(1, 0.5), sell(100, 0.2, '2026-03-12')], { outcome: 'share_received', shares_received: 100 }),
      null,
    ],
    [
      'selling 101 of 100 before the split',
      t([buy(100, 0.5), sell(101, 0.48)]),
      'Sells before the split (101 shares) cannot exceed the shares bought (100)',
    ],
    [
      'a sell before the first buy',
      t([buy(1, 0.5, '2026-03-03'), sell(1, 0.6, '2026-03-02')]),
      'Sell date cannot be before the buy date',
    ],
    ['cash in lieu with its cash', t([buy(1, 0.5)], { outcome: 'cash_in_lieu', cash_in_lieu_amount: 0.35 }), null],
    [
      'cash without the cash-in-lieu outcome',
      t([buy(1, 0.5)], { outcome: 'share_received', cash_in_lieu_amount: 0.35 }),
      'Cash in lieu needs the outcome Cash in lieu or Clawed back',
    ],
    [
      'nothing credited with shares',
      t([buy(1, 0.5)], { outcome: 'no_credit', shares_received: 1 }),
      'Nothing credited cannot come with shares received',
    ],
  ])('%s', (_name, state, expected) => expect(checkTrade(state, SPLIT, '2026-03-20')).toBe(expected));
});
