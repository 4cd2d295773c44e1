import type { Rounding } from '@roundup/shared';

/**
 * SYNTHETIC trap sentences (not quoted from any filing): one per label and per trap, written in the
 * language of 8-K, 6-K and proxy filings. The sentences quoted verbatim from real filings, each with
 * its accession number, are in fixtures/sentences.json (real.test.ts). Both sets feed the
 * precision/recall figures of bench/classify.bench.mts, reported apart.
 */
export const LABELLED: [name: string, label: Rounding | null, sentence: string][] = [
  // ROUND_UP
  [
    'ROUND_UP',
    'ROUND_UP',
    'Stockholders who would otherwise be entitled to receive a fractional share will instead have their fractional share rounded up to the nearest whole share.',
  ],
  [
    'ROUND_UP: "round up" typo',
    'ROUND_UP',
    'Any fractional share resulting from the Reverse Stock Split will round up to the nearest whole share.',
  ],
  [
    'ROUND_UP: rounded up to the next whole number',
    'ROUND_UP',
    'All such fractional interests will be rounded up to the next whole number of Class A Ordinary Shares.',
  ],
  [
    'ROUND_UP: one whole share in lieu',
    'ROUND_UP',
    'If as a result of the reverse stock split a stockholder would otherwise hold a fractional share, the stockholder will receive one whole share in lieu of the issuance of any such fractional share.',
  ],
  [
    'ROUND_UP: additional share',
    'ROUND_UP',
    'Any stockholder who would otherwise be entitled to a fractional share will be entitled to receive an additional whole share in lieu of such fractional share.',
  ],
  [
    'ROUND_UP: share consolidation wording',
    'ROUND_UP',
    'No fractional ordinary shares will be issued in connection with the Share Consolidation, and any fractional entitlement will be rounded up to one whole ordinary share.',
  ],
  [
    'ROUND_UP: rounding up, participle',
    'ROUND_UP',
    'Fractional shares will be treated by rounding up to the nearest whole share for each holder.',
  ],
  [
    'ROUND_UP: all holders, beneficial too',
    'ROUND_UP',
    'All stockholders, including beneficial holders whose shares are held through brokers, who would otherwise receive a fraction of a share will have it rounded up to one whole share.',
  ],
  [
    'ROUND_UP: cash denied, then round up (negated cash is not a choice)',
    'ROUND_UP',
    'No cash or fractional shares will be issued in connection with the reverse split; instead the Company will round up any fractional share to one whole share.',
  ],
  [
    'ROUND_UP: shall not pay cash, but shall instead issue',
    'ROUND_UP',
    'The Company shall not issue fractional shares or pay cash in respect thereof, but shall instead issue one additional whole share to each holder who would otherwise hold a fraction.',
  ],
  [
    'ROUND_UP: increased to one whole share',
    'ROUND_UP',
    'Any fractional share resulting from the Consolidation will be increased to one whole share.',
  ],
  [
    'ROUND_UP: issuance to whoever would have had a fraction',
    'ROUND_UP',
    'The Company will issue one full share of post-split common stock to any stockholder who would have been entitled to receive a fractional share.',
  ],
  // ROUND_UP_PARTICIPANT
  [
    'PARTICIPANT: participant level',
    'ROUND_UP_PARTICIPANT',
    'Any fractional shares resulting from the reverse stock split will be rounded up to the nearest whole share at the participant level.',
  ],
  [
    'PARTICIPANT: DTC participant',
    'ROUND_UP_PARTICIPANT',
    'Fractional shares held in street name will be aggregated at the level of each DTC participant and rounded up to the nearest whole share.',
  ],
  [
    'PARTICIPANT: Cede & Co',
    'ROUND_UP_PARTICIPANT',
    'Shares held through Cede & Co. will have any fractional share rounded up to the nearest whole share at the Cede & Co level.',
  ],
  [
    'PARTICIPANT: per participant',
    'ROUND_UP_PARTICIPANT',
    'Fractional interests will be rounded up to a whole share per participant of The Depository Trust Company.',
  ],
  [
    'PARTICIPANT: aggregated and rounded up per record holder',
    'ROUND_UP_PARTICIPANT',
    'The transfer agent will aggregate fractional shares and round them up to the nearest whole share for each record holder.',
  ],
  // CASH_IN_LIEU
  [
    'CIL: cash payment in lieu',
    'CASH_IN_LIEU',
    'Instead, stockholders who would otherwise be entitled to a fractional share will receive a cash payment (without interest) in lieu of such fractional share.',
  ],
  [
    'CIL: cash in lieu',
    'CASH_IN_LIEU',
    'No fractional shares will be issued. Stockholders otherwise entitled to a fractional share will receive cash in lieu of fractional shares.',
  ],
  [
    'CIL: aggregated and sold',
    'CASH_IN_LIEU',
    'In lieu thereof, the transfer agent will aggregate all fractional shares and sell them as soon as practicable at prevailing market prices, and holders will receive their pro rata share of the net proceeds.',
  ],
  [
    'CIL: ADS depositary sale',
    'CASH_IN_LIEU',
    'The depositary will sell the fractional ADSs and distribute the net cash proceeds to the ADS holders entitled to them.',
  ],
  [
    'CIL: paid in cash',
    'CASH_IN_LIEU',
    'Any fractional share that would otherwise result from the reverse split will be paid in cash based on the closing price on the effective date.',
  ],
  [
    'CIL: round-up wording and cash, cash wins',
    'CASH_IN_LIEU',
    'No fractional shares will be issued; in lieu of any fractional share the Company will pay cash equal to the fraction multiplied by the closing price.',
  ],
  [
    'CIL: a fund redeems fractions for cash',
    'CASH_IN_LIEU',
    "The Fund will redeem for cash a shareholder's fractional shares at the split-adjusted NAV.",
  ],
  // DISCRETIONARY
  [
    'DISCRETIONARY: may elect',
    'DISCRETIONARY',
    'The Board may elect either to round fractional shares up to the nearest whole share or to pay cash in lieu of fractional shares.',
  ],
  [
    'DISCRETIONARY: sole discretion',
    'DISCRETIONARY',
    'At the sole discretion of the Board, fractional shares will be rounded up to the nearest whole share or cashed out.',
  ],
  [
    'DISCRETIONARY: at its option',
    'DISCRETIONARY',
    'The Company, at its option, will either issue one whole share in lieu of any fractional share or pay cash for the fraction.',
  ],
  [
    'DISCRETIONARY: reserves the right',
    'DISCRETIONARY',
    'The Company reserves the right to pay cash instead of rounding up fractional shares held by any holder.',
  ],
  // ROUND_DOWN
  ['ROUND_DOWN', 'ROUND_DOWN', 'Fractional shares will be rounded down to the nearest whole share.'],
  [
    'ROUND_DOWN: cancelled without payment',
    'ROUND_DOWN',
    'Any fractional share resulting from the Share Consolidation will be cancelled without any payment to the holder.',
  ],
  ['ROUND_DOWN: eliminated', 'ROUND_DOWN', 'Fractional interests will be eliminated and disregarded without consideration.'],
  [
    'ROUND_DOWN: rounded down, and no cash payable',
    'ROUND_DOWN',
    'All fractions will be rounded down to the next lowest whole number and no cash will be payable in lieu thereof.',
  ],
  [
    'ROUND_DOWN: cancelled for no consideration',
    'ROUND_DOWN',
    'Fractional shares are deemed tendered to the Company for cancellation for no consideration.',
  ],
  [
    'ROUND_DOWN: the share count rounded down, no word "fraction"',
    'ROUND_DOWN',
    'The number of post-consolidation common shares to be received by a shareholder will be rounded down to the nearest whole common share.',
  ],
  // NEAREST
  [
    'NEAREST: threshold',
    'NEAREST',
    'Fractional shares of 0.5 or more will be rounded up to the next whole share, and fractions of less than 0.5 will be disregarded.',
  ],
  [
    'NEAREST: one-half or greater',
    'NEAREST',
    'Any fractional share equal to one-half or greater will be rounded up to one whole share.',
  ],
  ['NEAREST: to the nearest', 'NEAREST', "Each holder's resulting fractional share will be rounded to the nearest whole share."],
  ['NEAREST: up or down', 'NEAREST', 'Fractional shares will be rounded up or down to the nearest whole share.'],
  // UNSPECIFIED
  ['UNSPECIFIED', 'UNSPECIFIED', 'No fractional shares will be issued in connection with the Reverse Stock Split.'],
  [
    'UNSPECIFIED: shall not be issued',
    'UNSPECIFIED',
    'Fractional shares shall not be issued as a result of the share consolidation.',
  ],
  // Not evidence
  [
    'trap: exercise price rounded up to the cent',
    null,
    'The exercise price of each outstanding warrant will be proportionately increased and rounded up to the nearest whole cent.',
  ],
  [
    'trap: warrants only, cash',
    null,
    'No fractional warrant shares will be issued upon exercise of the warrants, and the Company will pay cash in lieu of any fraction.',
  ],
  [
    'trap: REIT ownership limit rounded up',
    null,
    'That number of shares (rounded up to the nearest whole share) in excess of the ownership limit will be transferred to a charitable trust.',
  ],
  [
    'trap: no fractional-share words',
    null,
    'The reverse stock split will be effective at 12:01 a.m. Eastern Time on December 1, 2026.',
  ],
  [
    'trap: a merger rounds up its own fractions',
    null,
    'No fractional shares of Parent Common Stock will be issued in the Merger; each fraction will be rounded up to the nearest whole share.',
  ],
  [
    'trap: a spin-off sells fractions',
    null,
    'The Distribution Agent will aggregate fractional shares and sell them, and record holders will receive cash in lieu of fractional shares in the Distribution.',
  ],
  [
    'trap: a note converts with a real choice',
    null,
    'Upon conversion of this Note the Company shall, at its election, pay cash for any fraction or round up to the next whole share.',
  ],
  [
    'trap: a rights offering rounds up its rights',
    null,
    'If the number of shares held by a stockholder would result in the receipt of fractional rights, the number of rights distributed to such stockholder will be rounded up to the nearest whole number.',
  ],
  ['trap: percentages rounded up', null, 'Percentages in the table above have been rounded up for presentation.'],
];
