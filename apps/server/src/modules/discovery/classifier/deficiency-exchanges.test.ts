import { describe, expect, it } from 'vitest';
import { readDeficiency } from './deficiency';

/**
 * The price standard of each exchange, in the words its notices use (no NYSE American notice is stored
 * yet; fixtures/deficiency-8k holds one NYSE 802.01C 8-K, fixtures/deficiency Nasdaq releases): Nasdaq's minimum bid price (5550(a)(2)
 * on the Capital Market, 5450(a)(1) on the Global Market), the NYSE's average closing price (802.01C,
 * six months to cure) and NYSE American's low selling price (1003(f)(v): a reverse split "within a
 * reasonable period", a date the exchange sets). Every other listing standard is not a notice.
 */
const read = (text: string, fileDate: string) => {
  const n = readDeficiency(text, { fileDate });
  return n && { exchange: n.exchange, rule: n.rule, noticeDate: n.noticeDate, deadline: n.deadline, extension: n.extension };
};

describe('a bid-price notice at each exchange', () => {
  it.each([
    [
      'NYSE 802.01C, six months on when no date is stated',
      'Item 3.01 Notice of Delisting or Failure to Satisfy a Continued Listing Rule or Standard.\nOn October 10, 2025, the Company received written notice from the New York Stock Exchange that the average closing price of its common stock had fallen below $1.00 per share over a consecutive 30 trading-day period, the minimum average closing price required under Section 802.01C of the NYSE Listed Company Manual. The Company has six months following receipt of the notice to regain compliance.',
      '2025-10-14',
      { exchange: 'NYSE', rule: 'NYSE 802.01C', noticeDate: '2025-10-10', deadline: '2026-04-10', extension: false },
    ],
    [
      'NYSE 802.01C beside 802.01B (market capitalisation): the price rule is the one read',
      'On March 3, 2026, the Company was notified by the NYSE that it is not in compliance with Section 802.01C of the NYSE Listed Company Manual because the average closing price of its common stock was less than $1.00 over a consecutive 30 trading-day period, and that it is also below Section 802.01B because its average global market capitalization over 30 trading days was less than $50 million. The Company has until September 3, 2026 to regain compliance with the price criteria.',
      '2026-03-06',
      { exchange: 'NYSE', rule: 'NYSE 802.01C', noticeDate: '2026-03-03', deadline: '2026-09-03', extension: false },
    ],
    [
      'NYSE American 1003(f)(v): the date the exchange set, "no later than"',
      'On December 9, 2025, the Company received a letter from NYSE American stating that its common stock has been selling for a low price per share for a substantial period of time and that, pursuant to Section 1003(f)(v) of the NYSE American Company Guide, its continued listing is predicated on effecting a reverse stock split or otherwise demonstrating sustained price improvement within a reasonable period of time, which the Exchange has determined to be no later than July 31, 2026.',
      '2025-12-12',
      {
        exchange: 'NYSE American',
        rule: 'NYSE American 1003(f)(v)',
        noticeDate: '2025-12-09',
        deadline: '2026-07-31',
        extension: false,
      },
    ],
    [
      'NYSE American under its former name (NYSE MKT), no rule number',
      'On June 2, 2016, the Company received a letter from NYSE MKT LLC stating that the Company’s common stock has been selling for a low price per share for a substantial period of time and that its continued listing is predicated on effecting a reverse stock split within a reasonable period of time, which the Exchange has determined to be no later than December 2, 2016.',
      '2016-06-06',
      {
        exchange: 'NYSE American',
        rule: 'NYSE American low selling price',
        noticeDate: '2016-06-02',
        deadline: '2016-12-02',
        extension: false,
      },
    ],
    [
      'Nasdaq Global Market 5450(a)(1)',
      'On May 25, 2026, the Company received a notice from the Listing Qualifications Department of The Nasdaq Stock Market indicating that, for the last 30 consecutive business days, the bid price for its common stock had closed below the minimum $1.00 per share required for continued inclusion on the Nasdaq Global Market under Nasdaq Listing Rule 5450(a)(1). The Company has 180 calendar days, or until November 23, 2026, to regain compliance.',
      '2026-05-29',
      { exchange: 'Nasdaq', rule: 'Nasdaq 5450(a)(1)', noticeDate: '2026-05-25', deadline: '2026-11-23', extension: false },
    ],
  ])('%s', (_, text, fileDate, expected) => expect(read(text, fileDate)).toEqual(expected));
});

describe('a listing notice about anything but the price is not one', () => {
  it.each([
    [
      'NYSE market capitalisation and stockholders’ equity (802.01B)',
      'On November 27, 2025, the Company received written notice from the NYSE that it was not in compliance with Section 802.01B of the NYSE Listed Company Manual because its average global market capitalization over a consecutive 30 trading-day period was less than $50 million and, at the same time, its last reported stockholders’ equity was less than $50 million.',
    ],
    [
      'NYSE American stockholders’ equity (1003(a)(i))',
      'On May 8, 2026, the Company received a notice from NYSE American that it is not in compliance with Section 1003(a)(i) of the NYSE American Company Guide, which requires stockholders’ equity of $2 million or more if the Company has reported losses in two of its three most recent fiscal years. The Company has until November 8, 2027 to regain compliance.',
    ],
    [
      'Nasdaq market value of listed securities (5550(b)(2))',
      'On July 22, 2026, the Company received a letter from Nasdaq indicating that, for the last 30 consecutive business days, the market value of its listed securities had been below the $35 million minimum required under Nasdaq Listing Rule 5550(b)(2). The Company has 180 calendar days, or until January 18, 2027, to regain compliance.',
    ],
    [
      'a late 10-K (Nasdaq 5250(c)(1))',
      'On April 17, 2026, the Company received a notice from Nasdaq stating that it is not in compliance with Nasdaq Listing Rule 5250(c)(1) because it had not timely filed its Annual Report on Form 10-K. The Company has 60 calendar days to submit a plan to regain compliance.',
    ],
    [
      'NYSE: compliance with the price criteria regained',
      'On August 1, 2026, the Company was notified by the NYSE that it had regained compliance with the minimum average closing price standard of Section 802.01C of the NYSE Listed Company Manual.',
    ],
  ])('%s', (_, text) => expect(read(text, '2026-08-03')).toBeNull());
});

describe('wordings of real 8-Ks (fixtures/deficiency-8k)', () => {
  it.each([
    [
      'a price rule "not met", in the past perfect',
      'On March 2, 2026, we received notice from the New York Stock Exchange stating we had not met Rule 802.01C, a continued listing requirement: an average closing share price of $1.00 or greater over a consecutive 30 trading-day period. We have six months, or until September 2, 2026, to regain compliance.',
      '2026-03-05',
      { exchange: 'NYSE', rule: 'NYSE 802.01C', noticeDate: '2026-03-02', deadline: '2026-09-02', extension: false },
    ],
    [
      'a determination to delist after the period ran out: the old "until" date is not the deadline, and none is made up',
      'As previously disclosed, we were provided an initial period of 180 calendar days, or until April 30, 2026, to regain compliance with the minimum bid price requirement. On May 1, 2026, we received another letter from Nasdaq informing us that our shares had failed to comply with the $1.00 minimum bid price required for continued listing. We have requested a hearing, which has stayed the delisting of our common stock.',
      '2026-05-05',
      { exchange: 'Nasdaq', rule: 'Nasdaq minimum bid price', noticeDate: '2026-05-01', deadline: null, extension: false },
    ],
    [
      'an exception period granted on another rule (a late 10-K) is no extension of the price period',
      'On January 3, 2026, the Company received a notification from Nasdaq that the closing bid price of its common stock was below the minimum $1.00 per share required by Nasdaq Listing Rule 5550(a)(2), and it has 180 calendar days, or until July 2, 2026, to regain compliance. Nasdaq has also notified the Company that it is not in compliance with Nasdaq Listing Rule 5250(c)(1) and was granted a 180-day exception period to regain compliance with that rule.',
      '2026-01-07',
      { exchange: 'Nasdaq', rule: 'Nasdaq 5550(a)(2)', noticeDate: '2026-01-03', deadline: '2026-07-02', extension: false },
    ],
  ])('%s', (_, text, fileDate, expected) => expect(read(text, fileDate)).toEqual(expected));
});
