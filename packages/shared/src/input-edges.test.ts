import { describe, expect, it } from 'vitest';
import { deleteAccountRequest } from './accounts';
import { isWellFormedText } from './input';
import { acceptProposalRequest } from './discovery';
import { splitInputSchema } from './splits';
import { revokeTokenRequest } from './tokens';
import { addTradeRequest, bulkTradesRequest, editTradeRequest, tradeParams } from './trades';

/** Ids in canonical form, and money and quantities written as plain decimals only. */
const UPPER = '6F9619FF-8B86-4011-B42D-00C04FC964FF';
const LOWER = UPPER.toLowerCase();

describe('ids are canonical (lower case) at the schema boundary', () => {
  it('lowers every uuid it reads', () => {
    expect(addTradeRequest.parse({ accountId: UPPER, splitId: UPPER }).accountId).toBe(LOWER);
    expect(tradeParams.parse({ accountId: UPPER, splitId: UPPER })).toEqual({ accountId: LOWER, splitId: LOWER });
    expect(bulkTradesRequest.parse({ splitId: UPPER, accountIds: [UPPER] })).toMatchObject({
      splitId: LOWER,
      accountIds: [LOWER],
    });
    expect(editTradeRequest.parse({ _id: UPPER })._id).toBe(LOWER);
    expect(deleteAccountRequest.parse({ id: UPPER }).id).toBe(LOWER);
    expect(revokeTokenRequest.parse({ id: UPPER }).id).toBe(LOWER);
  });

  it('sees the same account in two cases as listed twice', () => {
    const res = bulkTradesRequest.safeParse({ splitId: LOWER, accountIds: [UPPER, LOWER] });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0].message).toBe('An account is listed twice');
  });
});

const split = (over: Record<string, unknown>) => ({
  name: 'Acme',
  ticker: 'ACME',
  effDate: '2026-03-02',
  buyDate: '2026-02-27',
  ratio: 10,
  price: 1.5,
  status: 'Upcoming',
  rsType: 'Round Up',
  ...over,
});

describe('money and quantities: plain decimal strings only', () => {
  const NOT_DECIMAL = [
    '0x10',
    '0b11',
    '0o7',
    '1e2',
    '1E3',
    'Infinity',
    '-Infinity',
    '+5',
    '1_000',
    '1,5',
    '12abc',
    '1.2.3',
    '- 1',
    '.',
    '-',
  ];

  it.each(NOT_DECIMAL)('a trade price of %j is refused (add, edit, bulk)', (v) => {
    expect(addTradeRequest.safeParse({ accountId: LOWER, splitId: LOWER, buy_price: v }).success).toBe(false);
    expect(editTradeRequest.safeParse({ _id: LOWER, sell_price: v }).success).toBe(false);
    expect(bulkTradesRequest.safeParse({ splitId: LOWER, accountIds: [LOWER], buy_price: v }).success).toBe(false);
  });

  it.each([
    ['12', 12],
    [' 12.5 ', 12.5],
    ['0.0001', 0.0001],
    ['.5', 0.5],
    ['007', 7],
  ])('a trade price of %j is %s', (v, n) => {
    expect(addTradeRequest.parse({ accountId: LOWER, splitId: LOWER, buy_price: v }).buy_price).toBe(n);
  });

  it('a negative trade price is refused, as text or as a number', () => {
    expect(addTradeRequest.safeParse({ accountId: LOWER, splitId: LOWER, buy_price: '-1' }).success).toBe(false);
    expect(addTradeRequest.safeParse({ accountId: LOWER, splitId: LOWER, buy_price: -1 }).success).toBe(false);
  });

  it.each(NOT_DECIMAL)('a split price, ratio or profit of %j is refused', (v) => {
    for (const field of ['price', 'ratio', 'estProfit', 'avgProfit']) {
      const res = splitInputSchema.safeParse(split({ [field]: v }));
      expect(res.success, field).toBe(false);
    }
    for (const field of ['price', 'ratio']) {
      expect(acceptProposalRequest.safeParse({ id: LOWER, edits: { [field]: v } }).success, field).toBe(false);
    }
  });

  it('split fields take decimal text, numbers, and no booleans, lists or nulls where a number is needed', () => {
    expect(splitInputSchema.parse(split({ price: '1.25', ratio: '20', estProfit: '3', avgProfit: '-2.5' }))).toMatchObject({
      price: 1.25,
      ratio: 20,
      estProfit: 3,
      avgProfit: -2.5,
    });
    for (const v of [true, [], null, {}]) {
      expect(splitInputSchema.safeParse(split({ price: v })).success, JSON.stringify(v)).toBe(false);
      expect(splitInputSchema.safeParse(split({ ratio: v })).success, JSON.stringify(v)).toBe(false);
    }
    expect(splitInputSchema.safeParse(split({ price: '-1' })).success).toBe(false);
    expect(acceptProposalRequest.parse({ id: LOWER, edits: { price: '0.5', ratio: '25' } }).edits).toMatchObject({
      price: 0.5,
      ratio: 25,
    });
  });
});

describe('text is well-formed Unicode', () => {
  it.each([
    ['plain', 'Family', true],
    ['an emoji (a surrogate pair)', 'Roth 👩‍👩‍👧', true],
    ['U+FFFD typed on purpose', 'x \ufffd', true],
    ['empty', '', true],
    ['a lone high surrogate', 'Family \ud800', false],
    ['a lone low surrogate', '\udfff', false],
    ['a pair the wrong way round', '\udfff\ud800', false],
    ['a high surrogate at the end', 'ok \ud83d', false],
  ])('%s', (_name, text, ok) => {
    expect(isWellFormedText(text)).toBe(ok);
  });
});
