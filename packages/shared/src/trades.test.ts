import { describe, expect, it } from 'vitest';
import { addTradeRequest, editTradeRequest } from './trades';

const ID = '11111111-1111-4111-8111-111111111111';

describe('editTradeRequest: a field absent from the body stays undefined (keeps its value), null or empty clears it', () => {
  it.each([
    ['nothing but the id', {}, { buy_date: undefined, buy_price: undefined, sell_date: undefined, sell_price: undefined }],
    ['one price', { sell_price: 4.5 }, { buy_date: undefined, buy_price: undefined, sell_date: undefined, sell_price: 4.5 }],
    [
      'a price as text',
      { buy_price: ' 1.25 ' },
      { buy_date: undefined, buy_price: 1.25, sell_date: undefined, sell_price: undefined },
    ],
    [
      'explicit nulls',
      { buy_price: null, sell_date: null },
      { buy_date: undefined, buy_price: null, sell_date: null, sell_price: undefined },
    ],
    [
      'empty values',
      { buy_price: '', buy_date: '' },
      { buy_date: null, buy_price: null, sell_date: undefined, sell_price: undefined },
    ],
    [
      'a date',
      { sell_date: '2026-03-04' },
      { buy_date: undefined, buy_price: undefined, sell_date: '2026-03-04', sell_price: undefined },
    ],
  ])('%s', (_name, body, expected) => {
    const parsed = editTradeRequest.parse({ newTrade: { _id: ID, ...body } });
    expect({
      buy_date: parsed.buy_date,
      buy_price: parsed.buy_price,
      sell_date: parsed.sell_date,
      sell_price: parsed.sell_price,
    }).toEqual(expected);
  });

  it.each([
    [{ sell_price: 'abc' }, 'Sell price must be a number'],
    [{ buy_date: '2026-02-30' }, 'must be a date written YYYY-MM-DD'],
    [{ buy_date: '2026-03-05', sell_date: '2026-03-04' }, 'Sell date cannot be before the buy date'],
  ])('refuses %j', (body, msg) => {
    const r = editTradeRequest.safeParse({ _id: ID, ...body });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toContain(msg);
  });
});

describe('addTradeRequest: absent, null and empty all mean none', () => {
  it.each([
    [{}, { buy_date: null, buy_price: null, sell_date: null, sell_price: null }],
    [
      { buy_price: '', sell_date: null },
      { buy_date: null, buy_price: null, sell_date: null, sell_price: null },
    ],
    [{ buy_price: 2 }, { buy_date: null, buy_price: 2, sell_date: null, sell_price: null }],
  ])('%j', (body, expected) => {
    expect(addTradeRequest.parse({ accountId: ID, splitId: ID, ...body })).toMatchObject(expected);
  });
});
