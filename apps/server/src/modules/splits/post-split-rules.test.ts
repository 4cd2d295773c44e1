import { describe, expect, it } from 'vitest';
import { capitalise } from '@roundup/shared';
import { postSplitOf, sellAsText, splitSymbols, type ListedSymbol } from './post-split-rules';

const nasdaq = (newSymbol: string | null, cusip: string | null): ListedSymbol => ({ source: 'nasdaq', newSymbol, cusip });
const finra = (newSymbol: string | null, cusip: string | null): ListedSymbol => ({ source: 'finra', newSymbol, cusip });

describe('postSplitOf: the symbol to sell after the split', () => {
  it.each<[string, ListedSymbol[], ReturnType<typeof postSplitOf>]>([
    ['no source lists it: unknown', [], null],
    ['a source lists it with neither a new symbol nor a CUSIP: unknown', [finra(null, null)], null],
    ['the new symbol and CUSIP from the exchange', [nasdaq('NEWT', '65249B208')], { ticker: 'NEWT', cusip: '65249B208' }],
    ['a new CUSIP only: the ticker stays', [nasdaq(null, '65249b208')], { ticker: 'OLDT', cusip: '65249B208' }],
    ['the exchange before FINRA', [finra('OTHR', null), nasdaq('NEWT', null)], { ticker: 'NEWT', cusip: null }],
    [
      'FINRA fills what the exchange left out',
      [nasdaq('NEWT', null), finra(null, '65249B208')],
      { ticker: 'NEWT', cusip: '65249B208' },
    ],
    ['blank cells are not a symbol', [nasdaq('  ', ' ')], null],
  ])('%s', (_name, listed, want) => {
    expect(postSplitOf('OLDT', listed)).toEqual(want);
  });
});

describe('sellAsText: the words a member reads', () => {
  it.each<[Parameters<typeof sellAsText>[1], string]>([
    [{ ticker: 'NEWT', cusip: null }, 'sell as NEWT (was OLDT)'],
    [{ ticker: 'OLDT', cusip: '65249B208' }, 'sell as OLDT'],
    [null, 'sell as OLDT'],
    [undefined, 'sell as OLDT'],
  ])('%j → %s', (post, text) => {
    expect(sellAsText('OLDT', post)).toBe(text);
  });

  it('starts a sentence in capitals', () => {
    expect(capitalise(sellAsText('OLDT', { ticker: 'NEWT', cusip: null }))).toBe('Sell as NEWT (was OLDT)');
  });

  it('a statement row may carry the old ticker, the new one or the CUSIP', () => {
    expect(splitSymbols('oldt', { ticker: 'NEWT', cusip: '65249B208' })).toEqual(['OLDT', 'NEWT', '65249B208']);
    expect(splitSymbols('OLDT', null)).toEqual(['OLDT']);
  });
});
