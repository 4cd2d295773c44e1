import { describe, expect, it } from 'vitest';
import { classifyFiling } from './classify';
import { mentionOnly } from './split';

/**
 * A split is an action the issuer takes on its own stock. These sentences only mention one: each is
 * the kind of clause that made whole real filings (an equity-plan proxy, a prospectus, a 10-K) look
 * like split announcements. Quoted from the real documents in fixtures/whole/ where one exists.
 */
const MENTIONS: [string, string][] = [
  [
    'equity-plan adjustment (cabot DEF 14A)',
    "In the event of a stock dividend, stock split or combination of shares (including a reverse stock split), recapitalization or other change in the Company's capital structure, the Administrator shall make appropriate adjustments to the maximum number of shares of Common Stock specified in Section 3 that may be delivered under the Plan.",
  ],
  [
    'plan adjustment listing corporate events',
    "In the event of certain changes to the company's capital stock resulting from, among other events, a reorganization, recapitalization, reclassification, stock dividend, stock split, or reverse stock split, the Administrator will make an appropriate and proportionate adjustment to the 2016 Plan.",
  ],
  [
    'warrant anti-dilution',
    'The exercise price and number of shares issuable upon exercise of the warrants are subject to adjustment in the event of any stock dividend, stock split, reverse stock split, recapitalization or similar transaction.',
  ],
  [
    'anti-takeover list',
    'Our charter permits the board to effect, without stockholder approval, certain corporate actions such as a reverse stock split, a reclassification or the issuance of preferred stock, which could discourage a takeover.',
  ],
  [
    'merger exchange mechanics',
    'The exchange ratio will be adjusted to reflect fully the effect of any stock split, reverse stock split, stock dividend, reorganization or recapitalization of Parent common stock occurring before the effective time of the merger.',
  ],
  [
    'SPAC redemption terms',
    'The per-share redemption price for public shares held in the trust account will be equitably adjusted for any share sub-division, share capitalization, reorganization, recapitalization, reverse stock split or similar event.',
  ],
  // Real text from the tuning part of fixtures/whole (each document's source is in sources.json).
  [
    'warrant anti-dilution (Learn CW S-1)',
    'If the number of issued and outstanding Class A ordinary shares is decreased by a consolidation, combination, reverse share split or reclassification of Class A ordinary shares or other similar event, then, on the effective date of such consolidation, combination, reverse share split, reclassification or similar event, the number of Class A ordinary shares issuable on exercise of each warrant will be decreased in proportion to such decrease in issued and outstanding Class A ordinary shares.',
  ],
  [
    'founder-share conversion ratio adjustment (Learn CW S-1)',
    '17.5 The foregoing conversion ratio shall also be adjusted to account for any subdivision (by share subdivision, exchange, capitalisation, rights issue, reclassification, recapitalisation or otherwise) or combination (by share consolidation, exchange, reclassification, recapitalisation or otherwise) or similar reclassification or recapitalisation of the Class A Shares in issue into a greater or lesser number of shares occurring after the original filing of the Articles.',
  ],
  [
    'warrant exercise price (Traws Pharma 424B4)',
    'The exercise price of the Series A Warrants will be subject to adjustment for stock splits, reverse splits, and similar capital transactions as described in the Series A Warrants.',
  ],
  [
    'anti-takeover statute list (Central Pacific S-3)',
    'any reclassification of securities (including any reverse stock split), recapitalization, merger or consolidation of our company with any of our subsidiaries or other transaction (whether or not involving an interested shareholder) that has the effect of increasing the proportionate share of the outstanding shares of any class of our equity or convertible securities or those of our subsidiaries owned by an interested shareholder or its affiliate.',
  ],
  [
    'a charter power over fractional shares (GCM Grosvenor S-3)',
    'If a shareholder is entitled to fractional shares pursuant to a stock dividend, consolidation or merger, reverse stock split or otherwise, the association may: (a) issue fractional shares; (b) in lieu of the issuance of fractional shares, issue script or warrants entitling the holder to receive a full share.',
  ],
  [
    'a statutory power (Dragonfly S-3)',
    'Section 78.207 of the NRS provides that without any action by our shareholders, we may increase or decrease the number of authorized shares in a class or series of our shares and correspondingly effect a forward or reverse split of any class or series of the our shares (and change the par value thereof).',
  ],
  // A split denied (real sentences of tuning releases: Raadr/Telvantis, Accredited Solutions).
  [
    'no plans to pursue one (Raadr release)',
    'Raadr, Inc., now doing business as Telvantis (OTC: RDAR) ("Telvantis" or the "Company"), a U.S.-based telecommunications and cloud network solutions provider, reaffirms its commitment to shareholder value and confirms that it has no plans to pursue a reverse stock split.',
  ],
  [
    'not a consideration (Raadr release)',
    'A reverse stock split is not a consideration at this time, as the process does not align with our targeted timeline.',
  ],
  [
    'a listing route that would not need one (Raadr release)',
    'For instance, a possible uplisting via a SPAC merger would not necessarily require a reverse stock split.',
  ],
  [
    'a structure that does not need one (Accredited Solutions release)',
    'The fact that this structure does not need a reverse stock split, reduces the expected time to list on NASDAQ by at least 50%.',
  ],
  [
    'not a foreseeable alternative (Accredited Solutions release)',
    'Accredited Solutions does not view a reverse split as a foreseeable alternative.',
  ],
  [
    'compliance regained without one',
    'The Company regained compliance with the minimum bid price requirement without a reverse stock split.',
  ],
];

const EVENTS = [
  // Calling off a split is an action on it (a cancellation), not a denial.
  'The Company announced that it will not proceed with the reverse stock split approved at the special meeting.',
  'The Board no longer intends to effect the reverse stock split approved by stockholders on November 3, 2026.',
  'On October 3, 2024, the Company effected a one-for-11.2158 reverse stock split of its issued and outstanding shares of common stock.',
  "The Board of Directors has approved a 1-for-20 reverse stock split of the Company's common stock, effective at 12:01 a.m. on December 1, 2026.",
  'Proposal No. 2: To approve an amendment to our Certificate of Incorporation to effectuate a reverse stock split at a ratio of one share of Common Stock for every ten shares of Common Stock.',
];

describe('a mention is not an event', () => {
  it.each(MENTIONS)('%s only mentions a split', (_kind, s) => {
    expect(mentionOnly(s)).toBe(true);
    expect(classifyFiling(`<html><body><p>${s}</p></body></html>`, { form: 'DEF 14A', fileDate: '2024-01-26' })).toMatchObject({
      isReverseSplit: false,
      rounding: 'NONE',
    });
  });

  it.each(EVENTS)("an action on the issuer's own stock is one: %s", (s) => {
    expect(mentionOnly(s)).toBe(false);
  });
});

describe('a filing that only lists a split among matters, with no action on it', () => {
  it('a list of resolutions needing a qualified majority is not a split (ADC Therapeutics S-3)', () => {
    const html = `<html><body><p>A resolution passed by at least two-thirds of the votes represented is required for:</p>
<p>· delisting the company's equity securities;</p><p>· introducing an arbitration clause in the articles of association;</p>
<p>· resolving on the consolidation of shares (reverse split);</p></body></html>`;
    expect(classifyFiling(html, { form: 'S-3', fileDate: '2025-06-30' })).toMatchObject({
      isReverseSplit: false,
      rounding: 'NONE',
    });
  });
});

describe('rounding comes from the split, not from a warrant', () => {
  it("a past split's round-up is not overturned by a warrant's current round-down (Calidi 424B5)", () => {
    const html = `<html><body><p>On July 10, 2024, Calidi filed a First Certificate of Amendment to Second Amended and Restated Certificate of Incorporation with the Secretary of State of Delaware to effect a 1-for-10 reverse stock split of the shares of Calidi common stock, effective on July 15, 2024 (the "Reverse Stock Split"). As a result of the Reverse Stock Split, every ten shares of issued and outstanding Common Stock were automatically combined into one issued and outstanding share of Common Stock, without any change in the par value per share. No fractional shares were issued as a result of the Reverse Stock Split, and any fractional shares that would otherwise have resulted from the Reverse Stock Split were rounded up to the next whole number.</p>
<p>No fractional shares of Common Stock will be issued in connection with the exercise of a Pre-funded Warrant. In lieu of fractional shares, we will round down to the next whole share.</p></body></html>`;
    expect(classifyFiling(html, { form: '424B5', fileDate: '2025-03-31' })).toMatchObject({
      historical: true,
      rounding: 'ROUND_UP',
      ratio: 10,
    });
  });
});

describe('tense and ratio', () => {
  it('a split narrated as done, or effective before the filing date, is historical', () => {
    const done = `<html><body><p>A one-for-five reverse split of the Company's Common Stock was approved by shareholders in May of 2009 and became effective in June of 2009.</p>
<p>All share amounts for all periods presented have been retroactively adjusted for the one-for-five reverse stock split.</p></body></html>`;
    expect(classifyFiling(done, { form: '10-K', fileDate: '2010-03-31' })).toMatchObject({
      isReverseSplit: true,
      historical: true,
    });
    const effected = `<html><body><p>On July 12, 2024, the Company filed a Certificate of Amendment to effect a 1-for-10 reverse stock split of its common stock, effective on July 15, 2024.</p></body></html>`;
    expect(classifyFiling(effected, { form: '8-K', fileDate: '2024-07-18' })).toMatchObject({ historical: true, ratio: 10 });
    expect(classifyFiling(effected, { form: '8-K', fileDate: '2024-07-12' })).toMatchObject({ historical: false, ratio: 10 });
  });

  it("another transaction's ratio never sets the split's, and a decimal is never read as a whole ratio", () => {
    const amc = `<html><body><p>Proposal No. 2: To approve an amendment to our Certificate of Incorporation to effectuate a reverse stock split at a ratio of one share of Common Stock for every ten shares of Common Stock (the "Reverse Split Proposal").</p>
<p>Pursuant to the term sheet, the Company agreed to make a non-cash settlement payment to record holders of Common Stock as of the time at which the Reverse Stock Split is effective of one share of Class A common stock for every 7.5 shares of Common Stock owned by such record holders (the "Settlement Payment").</p>
<p>In the settlement, holders receive one share for every 7.5 shares.</p></body></html>`;
    expect(classifyFiling(amc, { form: '10-Q', fileDate: '2023-05-08' })).toMatchObject({
      isReverseSplit: true,
      historical: false,
      ratio: 10,
    });
    const odd = `<html><body><p>The Board will effect a 1-for-11.2158 reverse stock split of the common stock, effective at 12:01 a.m. on December 1, 2026.</p></body></html>`;
    expect(classifyFiling(odd, { form: '8-K', fileDate: '2026-11-20' }).ratio).not.toBe(11);
  });
});

describe('stage', () => {
  const proxy = `<html><body><p>Proposal 3: Approval of an amendment to our certificate of incorporation to effect a reverse stock split at a ratio in the range of 1-for-5 to 1-for-30.</p>
<p><b>Reservation of Right to Abandon the Reverse Stock Split</b></p>
<p>Our Board of Directors reserves the right to abandon the Reverse Stock Split at any time before the effectiveness of the certificate of amendment, even if the reverse stock split is approved by our stockholders at the Annual Meeting.</p>
<p>The Board may abandon the reverse stock split without further action by stockholders if it determines that the reverse stock split is no longer in the best interests of the Company.</p></body></html>`;

  it("a proxy's reservation of the right to abandon is not a cancellation", () => {
    expect(classifyFiling(proxy, { form: 'DEF 14A', fileDate: '2026-11-20' })).toMatchObject({
      isReverseSplit: true,
      stage: 'proposed',
    });
  });

  it("a deadline after which the board is deemed to have abandoned the split is a condition, not a cancellation (180 Degree Capital's proxy)", () => {
    const html = `<html><body><p>Proposal No. 2: To approve an amendment to the Company's restated certificate of incorporation to effect a reverse stock split of the Company's common stock, by a ratio of not less than 1-for-2 and not more than 1-for-4.</p>
<p>If a certificate of amendment effecting the Reverse Stock Split has not been filed with the Secretary of State of the State of New York on or before December 31, 2020, the Board of Directors will be deemed to have abandoned the Reverse Stock Split.</p></body></html>`;
    expect(classifyFiling(html, { form: 'DEF 14A', fileDate: '2020-03-25' })).toMatchObject({
      isReverseSplit: true,
      stage: 'proposed',
    });
  });

  it.each([
    'On December 2, 2026, the Board of Directors determined to abandon the previously approved reverse stock split.',
    'The Company announced that it will not proceed with the reverse stock split approved at the special meeting.',
    'The reverse stock split has been abandoned.',
  ])('a statement that the board abandoned the split is one: %s', (s) => {
    expect(classifyFiling(`<html><body><p>${s}</p></body></html>`, { form: '8-K', fileDate: '2026-12-03' }).stage).toBe(
      'cancelled',
    );
  });
});

describe("rounding evidence comes only from the split's own fractional shares", () => {
  const doc = (...ps: string[]) => `<html><body>${ps.map((p) => `<p>${p}</p>`).join('')}</body></html>`;
  const SPLIT =
    'On November 18, 2026, the Company filed a Certificate of Amendment to effect a 1-for-20 reverse stock split (the "Reverse Stock Split"), effective at 12:01 a.m. on December 1, 2026.';
  const UP =
    'No fractional shares will be issued in connection with the Reverse Stock Split. Stockholders who would otherwise be entitled to a fractional share will instead have their fractional share rounded up to the next whole share.';

  it.each([
    [
      'a warrant price rounded down to the nearest whole cent',
      'The exercise price of the warrants will be adjusted proportionately and rounded down to the nearest whole cent.',
    ],
    [
      'a SPAC redemption',
      'In connection with the redemption, any fractional shares resulting from the calculation of the redemption amount will be rounded down to the nearest whole share.',
    ],
    [
      'a merger',
      'In the merger, no fractional shares of Parent common stock will be issued, and holders will receive cash in lieu of any fractional share.',
    ],
    ['the nearest whole cent', 'The price per share will be rounded down to the nearest whole cent.'],
  ])('one stray sentence (%s) does not overturn a round-up', (_kind, stray) => {
    const c = classifyFiling(doc(SPLIT, UP, stray), { form: '8-K', fileDate: '2026-11-18' });
    expect(c).toMatchObject({ rounding: 'ROUND_UP', evidence: { label: 'ROUND_UP' } });
  });

  it('when sentences about the split itself disagree, the call is UNSPECIFIED with both sentences for the reviewer', () => {
    const down =
      'Any fractional share resulting from the Reverse Stock Split will be rounded down to the nearest whole share, and no cash will be paid.';
    const c = classifyFiling(doc(SPLIT, UP, down), { form: '8-K', fileDate: '2026-11-18' });
    expect(c.rounding).toBe('UNSPECIFIED');
    expect([c.evidence?.sentence, c.evidence?.conflict]).toEqual(
      expect.arrayContaining([expect.stringContaining('rounded up to the next whole share'), down]),
    );
  });
});

describe('"in the event of"', () => {
  it('"in the event of any … reverse stock split" is a mention; the proxy\'s own split "in the event of the Reverse Stock Split" is not', () => {
    expect(
      mentionOnly(
        'In the event of any recapitalization, stock split or reverse stock split, the number of shares reserved under the ESPP will be adjusted.',
      ),
    ).toBe(true);
    expect(
      mentionOnly(
        'In the event of the Reverse Stock Split, each 10 shares of common stock will be combined into one share of common stock.',
      ),
    ).toBe(false);
  });
});
