import { describe, expect, it } from 'vitest';
import {
  expectedReturnDate,
  isOpen,
  measuredReturnDays,
  realizedTicks,
  totalsFromTrades,
  type AccountIn,
  type SplitIn,
  type TradeIn,
} from './rules';
import { byMonth, monthRange, returnTimes, summarize, sumToCents } from './summary-rules';
import {
  centsToDecimal,
  csvField,
  formDate,
  holdingTerm,
  taxCsv,
  taxCsvRow,
  taxLeftOut,
  taxRows,
  UTF8_BOM,
  type TaxRow,
} from './tax-rules';

const trade = (over: Partial<TradeIn>): TradeIn => ({
  id: 't',
  accountId: 'a1',
  splitId: 's1',
  buyDate: null,
  buyPrice: null,
  sellDate: null,
  sellPrice: null,
  ...over,
});

describe('realizedTicks (sell − buy)', () => {
  it.each([
    [{ buyPrice: '1.0000', sellPrice: '4.3200' }, 33_200],
    [{ buyPrice: '5.00', sellPrice: '4.50' }, -5_000],
    [{ buyPrice: '0.1234', sellPrice: '0.1235' }, 1],
    [{ buyPrice: '1.00', sellPrice: null }, null],
    [{ buyPrice: null, sellPrice: '3.00' }, null],
    [{ buyPrice: '0', sellPrice: '0' }, 0],
  ])('%j → %s ticks', (prices, expected) => expect(realizedTicks(prices)).toBe(expected));

  it('a thousand $0.01 profits sum to exactly $10.00', () => {
    const ticks = Array.from({ length: 1000 }, () => realizedTicks({ buyPrice: '0.10', sellPrice: '0.11' }) as number);
    expect(sumToCents(ticks)).toBe(1000);
    // The float way would not be exact:
    expect(Array.from({ length: 1000 }, () => 0.11 - 0.1).reduce((s, x) => s + x, 0)).not.toBe(10);
  });
});

describe('isOpen (bought, not sold)', () => {
  it.each([
    [{ buyPrice: '1.00' }, true],
    [{ buyDate: '2026-01-02' }, true],
    [{ buyPrice: '1.00', sellDate: '2026-01-09' }, false],
    [{ buyPrice: '1.00', sellPrice: '2.00' }, false],
    [{}, false],
  ])('%j → %s', (over, expected) => expect(isOpen(trade(over), '2026-03-10')).toBe(expected));
});

describe('expectedReturnDate = effDate + shareReturnTime', () => {
  it.each([
    ['2026-03-02', 0, '2026-03-02'],
    ['2026-03-02', 1, '2026-03-03'],
    ['2026-02-27', 3, '2026-03-02'],
    ['2026-12-30', 14, '2027-01-13'],
    ['2028-02-27', 2, '2028-02-29'],
    ['2026-03-02', null, null],
  ])('%s + %s → %s', (eff, days, expected) => expect(expectedReturnDate(eff, days)).toBe(expected));
});

describe('measuredReturnDays = sell date − effDate', () => {
  it.each([
    [null, '2026-03-02', null],
    ['2026-03-02', '2026-03-02', 0],
    ['2026-03-12', '2026-03-02', 10],
    ['2026-03-01', '2026-03-02', null],
    ['2026-01-05', '2025-12-29', 7],
  ])('sold %s, effective %s → %s', (sellDate, eff, expected) => expect(measuredReturnDays({ sellDate }, eff)).toBe(expected));

  it('summarises per broker: samples, average (1 decimal), min, max', () => {
    expect(
      returnTimes([
        { brokerId: 'b2', broker: 'Zeta', stated: 2, samples: [] },
        {
          brokerId: 'b1',
          broker: 'Alpha',
          stated: 1,
          samples: [
            { days: 2, trades: 2 },
            { days: 1, trades: 1 },
            { days: 9, trades: 0 },
          ],
        },
      ]),
    ).toEqual([
      { brokerId: 'b1', broker: 'Alpha', statedDays: 1, samples: 3, averageDays: 1.7, minDays: 1, maxDays: 2 },
      { brokerId: 'b2', broker: 'Zeta', statedDays: 2, samples: 0, averageDays: null, minDays: null, maxDays: null },
    ]);
  });
});

describe('months', () => {
  it.each([
    ['2026-01', '2026-01', ['2026-01']],
    ['2025-11', '2026-02', ['2025-11', '2025-12', '2026-01', '2026-02']],
  ])('monthRange(%s, %s)', (a, b, expected) => expect(monthRange(a, b)).toEqual(expected));

  it('fills gaps and keeps a running total', () => {
    expect(
      byMonth([
        { month: '2026-03', ticks: 10_000 },
        { month: '2026-01', ticks: 25_000 },
        { month: '2026-03', ticks: -2_500 },
      ]),
    ).toEqual([
      { month: '2026-01', profitCents: 250, cumulativeCents: 250, trades: 1 },
      { month: '2026-02', profitCents: 0, cumulativeCents: 250, trades: 0 },
      { month: '2026-03', profitCents: 75, cumulativeCents: 325, trades: 2 },
    ]);
  });
});

const accounts: AccountIn[] = [
  { id: 'a1', nickname: 'Main', brokerId: 'b1', broker: 'Fidelity', shareReturnTime: 1, type: 'Individual Cash' },
  { id: 'a2', nickname: 'Roth', brokerId: 'b2', broker: 'Schwab', shareReturnTime: 10, type: 'Joint Margin' },
];
const splits: SplitIn[] = [
  { id: 's1', name: 'Acme, Inc.', ticker: 'ACME', effDate: '2025-12-15' },
  { id: 's2', name: 'Beta "B" Corp', ticker: 'BETA', effDate: '2026-02-02' },
  { id: 's3', name: 'Gamma', ticker: 'GAM', effDate: '2026-03-10' },
];

describe('summarize', () => {
  const trades: TradeIn[] = [
    trade({
      id: 't1',
      accountId: 'a1',
      splitId: 's1',
      buyDate: '2025-12-12',
      buyPrice: '1.00',
      sellDate: '2025-12-16',
      sellPrice: '4.00',
    }),
    trade({
      id: 't2',
      accountId: 'a2',
      splitId: 's1',
      buyDate: '2025-12-12',
      buyPrice: '1.00',
      sellDate: '2025-12-26',
      sellPrice: '3.50',
    }),
    trade({
      id: 't3',
      accountId: 'a1',
      splitId: 's2',
      buyDate: '2026-01-30',
      buyPrice: '2.00',
      sellDate: '2026-02-03',
      sellPrice: '1.75',
    }),
    trade({ id: 't4', accountId: 'a2', splitId: 's2', buyDate: '2026-01-30', buyPrice: '2.00' }),
    trade({ id: 't5', accountId: 'a1', splitId: 's3', buyDate: '2026-03-09', buyPrice: '0.50' }),
  ];
  const input = (today: string) => ({ today, accounts, ...totalsFromTrades(trades, splits) });
  const out = summarize(input('2026-03-05'));

  it('totals: realized, this year, counts', () => {
    expect(out.totals).toEqual({
      realizedCents: 300 + 250 - 25,
      thisYearCents: -25,
      closedTrades: 3,
      openPositions: 2,
      totalTrades: 5,
    });
    expect(out.year).toBe(2026);
    expect(out.taxYears).toEqual([2026, 2025]);
  });

  it('groups by broker, account and split', () => {
    expect(out.byBroker).toEqual([
      { key: 'b1', label: 'Fidelity', profitCents: 275, trades: 2 },
      { key: 'b2', label: 'Schwab', profitCents: 250, trades: 1 },
    ]);
    expect(out.byAccount.map((g) => [g.label, g.profitCents])).toEqual([
      ['Main (Fidelity)', 275],
      ['Roth (Schwab)', 250],
    ]);
    expect(out.bySplit.map((g) => [g.key, g.profitCents, g.trades])).toEqual([
      ['s2', -25, 1],
      ['s1', 550, 2],
    ]);
  });

  it('months with cumulative line', () => {
    expect(out.byMonth.map((m) => [m.month, m.profitCents, m.cumulativeCents])).toEqual([
      ['2025-12', 550, 550],
      ['2026-01', 0, 550],
      ['2026-02', -25, 525],
    ]);
  });

  it('open positions with expected return dates, overdue ones first', () => {
    expect(out.openPositions.map((p) => [p.ticker, p.account, p.expectedReturnDate, p.overdue, p.buyPriceCents])).toEqual([
      ['BETA', 'Roth', '2026-02-12', true, 200],
      ['GAM', 'Main', '2026-03-11', false, 50],
    ]);
  });

  it.each<[string, Partial<TradeIn>, boolean]>([
    ['still waiting past the expected date: overdue', {}, true],
    ['explicitly pending: overdue', { outcome: 'pending' }, true],
    ['the share arrived: not overdue', { outcome: 'share_received', outcomeDate: '2026-02-20' }, false],
  ])('an open position carries its outcome; %s', (_name, over, overdue) => {
    const beta = trade({ id: 't4', accountId: 'a2', splitId: 's2', buyDate: '2026-01-30', buyPrice: '2.00', ...over });
    const [p] = summarize({ today: '2026-03-05', accounts, ...totalsFromTrades([beta], splits) }).openPositions;
    expect(p).toMatchObject({
      ticker: 'BETA',
      expectedReturnDate: '2026-02-12',
      outcome: over.outcome ?? 'pending',
      outcomeDate: over.outcomeDate ?? null,
      overdue,
    });
  });

  it.each<[string, Partial<TradeIn>, number]>([
    [
      'cash in lieu of $0.35 books 0.35 − 2.00 = −165 cents',
      { outcome: 'cash_in_lieu', outcomeDate: '2026-02-20', cashInLieu: '0.35' },
      -165,
    ],
    [
      'cash in lieu with no cash entered yet books the 2.00 paid: −200 cents',
      { outcome: 'cash_in_lieu', outcomeDate: '2026-02-20' },
      -200,
    ],
    ['nothing credited books the loss: −200 cents', { outcome: 'no_credit' }, -200],
  ])('a resolved trade is closed, not open: %s', (_name, over, cents) => {
    const beta = trade({ id: 't4', accountId: 'a2', splitId: 's2', buyDate: '2026-01-30', buyPrice: '2.00', ...over });
    const s = summarize({ today: '2026-03-05', accounts, ...totalsFromTrades([beta], splits) });
    expect(s.openPositions).toEqual([]);
    expect(s.totals.realizedCents).toBe(cents);
  });

  it('lists at most `openLimit` open positions but counts them all', () => {
    const limited = summarize(input('2026-03-05'), 1);
    expect(limited.openPositions.map((p) => p.ticker)).toEqual(['BETA']);
    expect(limited.totals.openPositions).toBe(2);
  });

  it('measured return times per broker', () => {
    expect(out.returnTimes).toEqual([
      { brokerId: 'b1', broker: 'Fidelity', statedDays: 1, samples: 2, averageDays: 1, minDays: 1, maxDays: 1 },
      { brokerId: 'b2', broker: 'Schwab', statedDays: 10, samples: 1, averageDays: 11, minDays: 11, maxDays: 11 },
    ]);
  });

  it('an empty member gets an empty summary', () => {
    const empty = summarize({ today: '2026-03-05', accounts: [], ...totalsFromTrades([], []) });
    expect(empty.totals).toEqual({ realizedCents: 0, thisYearCents: 0, closedTrades: 0, openPositions: 0, totalTrades: 0 });
    expect(empty.byMonth).toEqual([]);
    expect(empty.openPositions).toEqual([]);
  });
});

describe('totalsFromTrades (what the database keeps per member)', () => {
  const one = (over: Partial<TradeIn>) => totalsFromTrades([trade({ accountId: 'a1', splitId: 's2', ...over })], splits);
  it.each([
    [
      'sold with a date: month of the sell date',
      { buyPrice: '1.00', sellPrice: '1.50', sellDate: '2026-03-01' },
      [{ accountId: 'a1', month: '2026-03', ticks: 5_000, trades: 1 }],
    ],
    [
      'sold without a date: month of the effective date',
      { buyPrice: '1.00', sellPrice: '0.75' },
      [{ accountId: 'a1', month: '2026-02', ticks: -2_500, trades: 1 }],
    ],
    ['sell date without a sell price: not closed', { buyPrice: '1.00', sellDate: '2026-02-05' }, []],
    ['bought only: not closed', { buyDate: '2026-01-30' }, []],
  ])('%s', (_, over, months) => expect(one(over).months).toEqual(months));

  it.each([
    ['bought by price', { buyPrice: '1.00' }, 1],
    ['bought by date', { buyDate: '2026-01-30' }, 1],
    ['sold, no price', { buyPrice: '1.00', sellDate: '2026-02-05' }, 0],
    ['nothing entered', {}, 0],
  ])('open positions: %s → %i', (_, over, n) => {
    const totals = one(over);
    expect([totals.openCount, totals.open.length, totals.totalTrades]).toEqual([n, n, 1]);
  });

  it.each([
    ['sold 3 days after the split', '2026-02-05', [{ accountId: 'a1', days: 3, trades: 1 }]],
    ['sold on the effective date', '2026-02-02', [{ accountId: 'a1', days: 0, trades: 1 }]],
    ['sold before the split', '2026-02-01', []],
    ['not sold', null, []],
  ])('return times: %s', (_, sellDate, expected) =>
    expect(one({ buyDate: '2026-01-30', sellDate }).returnDays).toEqual(expected),
  );

  it('adds up per account and month, and per split', () => {
    const totals = totalsFromTrades(
      [
        trade({ accountId: 'a1', splitId: 's1', buyPrice: '1.00', sellPrice: '2.00', sellDate: '2025-12-20' }),
        trade({ accountId: 'a1', splitId: 's2', buyPrice: '1.00', sellPrice: '1.25', sellDate: '2025-12-31' }),
        trade({ accountId: 'a2', splitId: 's1', buyPrice: '1.00', sellPrice: '3.00', sellDate: '2026-01-02' }),
      ],
      splits,
    );
    expect(totals.months).toEqual([
      { accountId: 'a1', month: '2025-12', ticks: 12_500, trades: 2 },
      { accountId: 'a2', month: '2026-01', ticks: 20_000, trades: 1 },
    ]);
    expect(totals.splits.map((s) => [s.id, s.ticks, s.trades])).toEqual([
      ['s1', 30_000, 2],
      ['s2', 2_500, 1],
    ]);
  });
});

describe('CSV (Form 8949)', () => {
  it.each([
    ['plain', 'plain'],
    ['Acme, Inc.', '"Acme, Inc."'],
    ['Beta "B" Corp', '"Beta ""B"" Corp"'],
    ['line\nbreak', '"line\nbreak"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    [';cmd', "';cmd"],
    ['\t=1+1', "'\t=1+1"],
    ['\tplain', "'\tplain"],
    ['\r=1', '"\'\r=1"'],
    ['\n=1', '"\'\n=1"'],
    [' =1+1', "' =1+1"],
    ['  @x', "'  @x"],
    ['a=b; c-d', 'a=b; c-d'],
    [' padded', '" padded"'],
    ['', ''],
  ])('csvField(%j) = %s', (input, expected) => expect(csvField(input)).toBe(expected));

  it('numbers are not neutralised', () => expect(csvField('-1.25', false)).toBe('-1.25'));

  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [-5, '-0.05'],
    [123456, '1234.56'],
  ])('centsToDecimal(%i) = %s', (c, s) => expect(centsToDecimal(c)).toBe(s));

  it.each([
    ['2026-03-05', '03/05/2026'],
    ['2025-12-31', '12/31/2025'],
    [null, 'VARIOUS'],
  ])('formDate(%s) = %s', (d, s) => expect(formDate(d)).toBe(s));

  it.each([
    ['2025-01-10', '2026-01-10', 'Short-term'],
    ['2025-01-10', '2026-01-11', 'Long-term'],
    [null, '2026-01-11', 'Short-term'],
    ['2026-03-01', '2026-03-09', 'Short-term'],
  ])('holdingTerm(%s, %s) = %s', (a, s, t) => expect(holdingTerm(a, s)).toBe(t));

  const row = (over: Partial<TaxRow>): TaxRow => ({
    description: '1 sh ACME (Acme)',
    acquired: '2026-01-02',
    sold: '2026-01-09',
    proceedsCents: 450,
    costCents: 125,
    code: '',
    adjustmentCents: null,
    gainCents: 325,
    term: 'Short-term',
    account: 'Fidelity - Main',
    note: '',
    ...over,
  });
  it.each([
    [
      '(f) and (g) present and empty when none',
      row({}),
      '1 sh ACME (Acme),01/02/2026,01/09/2026,4.50,1.25,,,3.25,Short-term,Fidelity - Main,',
    ],
    [
      'a code and an adjustment',
      row({ code: 'W', adjustmentCents: 150, gainCents: 475 }),
      '1 sh ACME (Acme),01/02/2026,01/09/2026,4.50,1.25,W,1.50,4.75,Short-term,Fidelity - Main,',
    ],
    [
      'a loss and no acquisition date',
      row({ acquired: null, proceedsCents: 100, gainCents: -25 }),
      '1 sh ACME (Acme),VARIOUS,01/09/2026,1.00,1.25,,,-0.25,Short-term,Fidelity - Main,',
    ],
    [
      'a formula in a split name',
      row({ description: '=cmd|"/c calc"!A1' }),
      '"\'=cmd|""/c calc""!A1",01/02/2026,01/09/2026,4.50,1.25,,,3.25,Short-term,Fidelity - Main,',
    ],
    [
      'a formula in an account',
      row({ account: '@SUM(1+1)' }),
      "1 sh ACME (Acme),01/02/2026,01/09/2026,4.50,1.25,,,3.25,Short-term,'@SUM(1+1),",
    ],
    ['a tab-led account', row({ account: '\t=1' }), "1 sh ACME (Acme),01/02/2026,01/09/2026,4.50,1.25,,,3.25,Short-term,'\t=1,"],
    [
      'a semicolon-led code',
      row({ code: ';x' }),
      "1 sh ACME (Acme),01/02/2026,01/09/2026,4.50,1.25,';x,,3.25,Short-term,Fidelity - Main,",
    ],
  ])('taxCsvRow: %s', (_name, r, line) => {
    expect(taxCsvRow(r)).toBe(line);
    expect(line.split(',').length).toBeGreaterThanOrEqual(10);
  });

  it('rows for one tax year, quoted, with totals, after a byte order mark', () => {
    const trades: TradeIn[] = [
      trade({
        id: 't1',
        accountId: 'a1',
        splitId: 's1',
        buyDate: '2025-12-12',
        buyPrice: '1.00',
        sellDate: '2026-01-02',
        sellPrice: '4.005',
      }),
      trade({
        id: 't2',
        accountId: 'a2',
        splitId: 's2',
        buyDate: '2026-01-30',
        buyPrice: '2.00',
        sellDate: '2026-02-03',
        sellPrice: '1.75',
      }),
      trade({
        id: 't3',
        accountId: 'a1',
        splitId: 's1',
        buyDate: '2025-12-12',
        buyPrice: '1.00',
        sellDate: '2025-12-16',
        sellPrice: '4.00',
      }),
      trade({ id: 't4', accountId: 'a1', splitId: 's3', buyDate: '2026-03-09', buyPrice: '0.50' }),
    ];
    const rows = taxRows({ trades, accounts, splits }, 2026);
    expect(rows.map((r) => [r.description, r.sold, r.proceedsCents, r.costCents, r.gainCents])).toEqual([
      ['1 sh ACME (Acme, Inc.)', '2026-01-02', 401, 100, 301],
      ['1 sh BETA (Beta "B" Corp)', '2026-02-03', 175, 200, -25],
    ]);
    const csv = taxCsv(rows);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      '(a) Description of property,(b) Date acquired,(c) Date sold or disposed of,(d) Proceeds (sales price),(e) Cost or other basis,(f) Code(s) from instructions,(g) Amount of adjustment,(h) Gain or (loss),Term,Account,Note',
      '"1 sh ACME (Acme, Inc.)",12/12/2025,01/02/2026,4.01,1.00,,,3.01,Short-term,Fidelity - Main,',
      '"1 sh BETA (Beta ""B"" Corp)",01/30/2026,02/03/2026,1.75,2.00,,,-0.25,Short-term,Schwab - Roth,',
      'Totals,,,5.76,3.00,,,2.76,,,',
      '',
    ]);
  });

  it('a year without sales has only the header and a zero total', () => {
    expect(taxCsv(taxRows({ trades: [], accounts, splits }, 2024)).split('\r\n')).toHaveLength(3);
  });

  describe('taxable accounts only', () => {
    const types = [
      'Individual Cash',
      'Joint Cash',
      'Individual Margin',
      'Joint Margin',
      'Traditional IRA',
      'Roth IRA',
      'HSA',
      'ESA',
      'UGMA/UTMA',
      'SEP',
    ];
    const all: AccountIn[] = types.map((type, i) => ({
      id: `x${i}`,
      nickname: type,
      brokerId: 'b1',
      broker: 'Fidelity',
      shareReturnTime: 1,
      type,
    }));
    const trades = all.flatMap((a) => [
      trade({
        accountId: a.id,
        splitId: 's2',
        buyDate: '2026-01-30',
        buyPrice: '1.00',
        sellDate: '2026-02-04',
        sellPrice: '2.00',
      }),
      // Sold in another year, or still open: in neither count.
      trade({
        accountId: a.id,
        splitId: 's1',
        buyDate: '2025-12-12',
        buyPrice: '1.00',
        sellDate: '2025-12-16',
        sellPrice: '2.00',
      }),
      trade({ accountId: a.id, splitId: 's3', buyDate: '2026-03-09', buyPrice: '1.00' }),
    ]);
    it.each(types.map((type) => [type, !['Traditional IRA', 'Roth IRA', 'HSA', 'ESA', 'SEP'].includes(type)]))(
      '%s in the CSV: %s',
      (type, taxable) => {
        const rows = taxRows({ trades, accounts: all, splits }, 2026);
        expect(rows.some((r) => r.account === `Fidelity - ${type}`)).toBe(taxable);
      },
    );
    it('counts what it leaves out, and why', () => {
      expect(taxRows({ trades, accounts: all, splits }, 2026)).toHaveLength(5);
      expect(taxLeftOut({ trades, accounts: all, splits }, 2026)).toEqual({
        year: 2026,
        trades: 5,
        accountTypes: ['ESA', 'HSA', 'Roth IRA', 'SEP', 'Traditional IRA'],
      });
      expect(taxLeftOut({ trades, accounts, splits }, 2026)).toEqual({ year: 2026, trades: 0, accountTypes: [] });
    });
    it('the summary tells per tax year how many closed trades the export leaves out', () => {
      const out = summarize({ today: '2026-03-05', accounts: all, ...totalsFromTrades(trades, splits) });
      expect(out.taxYears).toEqual([2026, 2025]);
      expect(out.taxLeftOut).toEqual([
        { year: 2026, trades: 5, accountTypes: ['ESA', 'HSA', 'Roth IRA', 'SEP', 'Traditional IRA'] },
        { year: 2025, trades: 5, accountTypes: ['ESA', 'HSA', 'Roth IRA', 'SEP', 'Traditional IRA'] },
      ]);
    });
  });
});
