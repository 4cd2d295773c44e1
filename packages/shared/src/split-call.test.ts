import { describe, expect, it } from 'vitest';
import { callDeadlineText, callHeadline, splitCall } from './split-call';

describe('splitCall: the label and whether Buy/profit may show', () => {
  it.each([
    ['Round Up', false, 'round-up', 'Round up', true, false],
    ['Round Up', true, 'round-up-participant', 'Round up (participant level)', true, true],
    ['Round Lot', false, 'round-lot', 'Round up (round lot)', true, false],
    ['CIL', false, 'cash-in-lieu', 'Cash in lieu', false, false],
    ['Dividend', false, 'dividend', 'Dividend', false, false],
    ['Unconfirmed', false, 'unconfirmed', 'Unconfirmed', false, false],
    // The participant flag never turns a non-round-up into a buy.
    ['Unconfirmed', true, 'unconfirmed', 'Unconfirmed', false, false],
    ['CIL', true, 'cash-in-lieu', 'Cash in lieu', false, false],
    ['Something else', false, 'unconfirmed', 'Unconfirmed', false, false],
  ])('%s (participant %s) → %s', (rsType, participant, kind, label, buy, caveat) => {
    const c = splitCall({ rsType, participant });
    expect(c.kind).toBe(kind);
    expect(c.label).toBe(label);
    expect(c.buy).toBe(buy);
    expect(c.caveat !== null).toBe(caveat);
  });

  it.each([
    ['Round Up', false, 'Buy ABCD'],
    ['Round Up', true, 'Buy ABCD'],
    ['CIL', false, 'ABCD reverse split — cash in lieu'],
    ['Unconfirmed', false, 'ABCD reverse split — rounding unconfirmed'],
    ['Dividend', false, 'ABCD reverse split — fractions paid as a dividend'],
  ])('headline of %s (participant %s): %s', (rsType, participant, text) => {
    expect(callHeadline({ rsType, participant, ticker: 'ABCD' })).toBe(text);
  });
});

describe('callDeadlineText: only a round-up says "Buy by"', () => {
  it.each([
    ['Round Up', 'Buy by 4:00 pm ET Wed Dec 2'],
    ['CIL', 'Buy-by deadline 4:00 pm ET Wed Dec 2'],
    ['Unconfirmed', 'Buy-by deadline 4:00 pm ET Wed Dec 2'],
  ])('%s → %s', (rsType, text) => expect(callDeadlineText('Buy by 4:00 pm ET Wed Dec 2', { rsType })).toBe(text));
});

describe('warnings change the call: amber, no "Buy", no estimate until resolved', () => {
  const nasdaq40 = {
    state: 'conflict' as const,
    sources: [{ source: 'nasdaq' as const, seenAt: '2026-11-20T14:00:00Z', ratio: 40, marketDate: '2026-12-03', url: 'x' }],
  };
  it.each([
    ['a caution flag', { rsType: 'Round Up', caution: true }, 'Round up: check the filing', 'check the filing'],
    [
      'sources disagree on the ratio',
      { rsType: 'Round Up', ratio: 50, confirmation: nasdaq40 },
      'Round up: Nasdaq says 1-for-40',
      'Nasdaq says 1-for-40',
    ],
    [
      'a conflict known by its state only (an alert payload)',
      { rsType: 'Round Up', confirmation: 'conflict' },
      'Round up: sources disagree',
      'sources disagree',
    ],
    [
      'participant level with a caution flag',
      { rsType: 'Round Up', participant: true, caution: true },
      'Round up (participant level): check the filing',
      'check the filing',
    ],
  ])('%s', (_label, facts, label, warning) => {
    const c = splitCall(facts);
    expect(c).toMatchObject({ label, warning, buy: false });
    expect(callHeadline({ ...facts, ticker: 'ABCD' })).toBe(`ABCD reverse split — ${warning}`);
  });

  it.each([
    ['confirmed', { rsType: 'Round Up', ratio: 40, confirmation: { state: 'confirmed' as const, sources: [] } }],
    ['no caution', { rsType: 'Round Up', caution: false }],
  ])('%s: still a green round-up that says Buy', (_label, facts) =>
    expect(splitCall(facts)).toMatchObject({ label: 'Round up', warning: null, buy: true }),
  );

  it('a caution flag on cash in lieu stays cash in lieu (there was no Buy to drop)', () =>
    expect(splitCall({ rsType: 'CIL', caution: true })).toMatchObject({ label: 'Cash in lieu', warning: null, buy: false }));
});
