import { describe, expect, it } from 'vitest';
import { listingExchange } from './exchange-rules';

describe('listingExchange: the listing a filing names', () => {
  it.each([
    ['Common Stock, par value $0.001 | ABCD | The Nasdaq Stock Market LLC', 'Nasdaq'],
    ['Our common stock will begin trading on The Nasdaq Capital Market on a split-adjusted basis', 'Nasdaq'],
    ['shares are listed on the NYSE American under the symbol "XYZ"', 'NYSE American'],
    ['listed on the NYSE MKT LLC', 'NYSE American'],
    ['The common stock is listed on the New York Stock Exchange (the "NYSE").', 'NYSE'],
    ['Our shares are quoted on the OTCQB Venture Market', 'OTC'],
    ['quoted on OTC Pink under the symbol', 'OTC'],
    ['The reverse split will be effective at 12:01 a.m.', null],
    // A cover page decides even when the body names another exchange more often
    [
      'Title of each class Trading Symbol(s) Name of each exchange on which registered Common Stock ABCD The Nasdaq Stock Market LLC. ' +
        'We previously received a NYSE notice. The NYSE delisted. NYSE NYSE.',
      'Nasdaq',
    ],
    // A transfer that names both equally: unknown
    ['transferring its listing from the NYSE to Nasdaq', null],
    // NYSE Arca is not a listing for common stock here: not counted as NYSE
    ['an exchange-traded fund on NYSE Arca', null],
  ])('%s → %s', (text, exchange) => expect(listingExchange(text)).toBe(exchange));
});
