import { describe, expect, it } from 'vitest';
import {
  addDays,
  defaultEstProfit,
  monthGrid,
  monthlyAvgProfit,
  parseMonthYear,
  splitDeadline,
  type Split,
} from '@roundup/shared';
import { buildIcal, foldLine, icalText } from './ical';
import {
  estProfitFor,
  isAnnounceable,
  mustMask,
  presentAll,
  splitAccess,
  tradeProblem,
  visibleStatuses,
  type SplitAccess,
} from './rules';

const TODAY = '2026-03-10';

describe('monthGrid: 42 Sunday-first days', () => {
  it.each([
    // [year, month, weekday of the 1st, first cell, last cell]
    [2026, 2, 'Sunday', '2026-02-01', '2026-03-14'],
    [2025, 12, 'Monday', '2025-11-30', '2026-01-10'],
    [2025, 4, 'Tuesday', '2025-03-30', '2025-05-10'],
    [2025, 10, 'Wednesday', '2025-09-28', '2025-11-08'],
    [2026, 1, 'Thursday', '2025-12-28', '2026-02-07'],
    [2025, 8, 'Friday', '2025-07-27', '2025-09-06'],
    [2025, 11, 'Saturday', '2025-10-26', '2025-12-06'],
    // leap years: February 2024 (29 days, starts Thursday) and 2000; 2100 is not leap
    [2024, 2, 'Thursday', '2024-01-28', '2024-03-09'],
    [2000, 2, 'Tuesday', '2000-01-30', '2000-03-11'],
    [2100, 2, 'Monday', '2100-01-31', '2100-03-13'],
  ])('%i-%i (1st on %s) runs %s … %s', (year, month, _weekday, first, last) => {
    const grid = monthGrid(year, month);
    expect(grid).toHaveLength(42);
    expect(grid[0].date).toBe(first);
    expect(grid[41].date).toBe(last);
    expect(new Date(`${grid[0].date}T00:00:00Z`).getUTCDay()).toBe(0);
    for (let i = 1; i < 42; i++) expect(grid[i].date).toBe(addDays(grid[i - 1].date, 1));
  });

  it.each([
    [2024, 2, 29],
    [2023, 2, 28],
    [2000, 2, 29],
    [2100, 2, 28],
    [2026, 3, 31],
    [2026, 4, 30],
  ])('%i-%i has %i in-month cells', (year, month, days) => {
    const cells = monthGrid(year, month).filter((c) => c.inMonth);
    expect(cells).toHaveLength(days);
    expect(cells[0].date.endsWith('-01')).toBe(true);
  });
});

describe('parseMonthYear (go-to field, product.md#validation)', () => {
  it.each([
    ['03/2026', { year: 2026, month: 3 }],
    ['3/2026', { year: 2026, month: 3 }],
    ['12/1999', { year: 1999, month: 12 }],
    ['01/26', { year: 2026, month: 1 }],
    ['7/05', { year: 2005, month: 7 }],
    [' 11/2030 ', { year: 2030, month: 11 }],
  ])('%s → %o', (input, expected) => expect(parseMonthYear(input)).toEqual(expected));

  it.each([
    ['00/2026', 'month 0'],
    ['13/2026', 'month 13'],
    ['03/6', '1-digit year'],
    ['03/202', '3-digit year'],
    ['03/20265', '5-digit year'],
    ['03/', 'missing year'],
    ['/2026', 'missing month'],
    ['2026', 'no slash'],
    ['', 'empty'],
    ['ab/2026', 'letters'],
    ['03/2026/1', 'extra part'],
    ['-1/2026', 'negative month'],
  ])('%s (%s) → Invalid Date', (input) => expect(parseMonthYear(input)).toBeNull());
});

describe('masking rule: role × buyDate offset from today (New York)', () => {
  const offsets = [-2, -1, 0, 1, 30] as const;
  const expected: Record<string, boolean[]> = {
    // −2     −1     0     +1    +30
    User: [false, false, true, true, true],
    anonymous: [false, false, true, true, true],
    Member: [false, false, false, false, false],
    Pro: [false, false, false, false, false],
    Admin: [false, false, false, false, false],
    admin: [false, false, false, false, false],
  };
  const cases = Object.entries(expected).flatMap(([role, row]) => offsets.map((o, i) => [role, o, row[i]] as const));
  it.each(cases)('%s, buyDate today%+i → masked %s', (role, offset, masked) => {
    expect(mustMask(role === 'anonymous' ? null : role, addDays(TODAY, offset), TODAY)).toBe(masked);
  });

  const s: Split = {
    _id: 'x',
    name: 'Acme',
    ticker: 'ACME',
    effDate: '2026-03-12',
    buyDate: '2026-03-11',
    ratio: 37,
    price: 0.4321,
    estProfit: 15.56,
    avgProfit: 2.5,
    status: 'Upcoming',
    rsType: 'Round Up',
    source: 'https://example.com',
    notes: 'note',
    caution: true,
    exchange: 'NYSE',
    deadline: splitDeadline('2026-03-11', 'NYSE'),
    masked: false,
  };
  it('a masked row carries only its days, status, asterisks and a placeholder id', () => {
    const [row] = presentAll('User', [s], TODAY);
    expect(row).toEqual({
      _id: 'masked-1',
      name: '*****',
      ticker: '*****',
      effDate: '2026-03-12',
      buyDate: '2026-03-11',
      status: 'Upcoming',
      masked: true,
    });
    expect(JSON.stringify(row)).not.toMatch(/37|0\.4321|15\.56|2\.5|note|example|"x"|caution/);
    expect(presentAll('Pro', [s], TODAY)).toEqual([s]);
  });
  it('numbers placeholders per response by days only, never by ticker', () => {
    const a = { ...s, _id: 'a', ticker: 'AAA', buyDate: '2026-03-12', effDate: '2026-03-13' };
    const z = { ...s, _id: 'z', ticker: 'ZZZ', buyDate: '2026-03-12', effDate: '2026-03-14' };
    const old = { ...s, _id: 'old', ticker: 'OLD', buyDate: '2026-03-01', effDate: '2026-03-02' };
    const rows = presentAll(null, [old, z, a], TODAY);
    expect(rows.map((r) => r._id)).toEqual(['old', 'masked-1', 'masked-2']);
    expect(rows.map((r) => r.effDate)).toEqual(['2026-03-02', '2026-03-13', '2026-03-14']);
    expect(presentAll(null, [{ ...s, archived: true }], TODAY)).toEqual([]);
  });
  it('lists Approved splits for admins only', () => {
    expect(visibleStatuses('Admin')).toContain('Approved');
    expect(visibleStatuses('Pro')).toEqual(['Upcoming', 'Complete']);
    expect(visibleStatuses(null)).toEqual(['Upcoming', 'Complete']);
  });
});

describe('splitAccess: the one visibility rule (viewer × status × masked date × own trade)', () => {
  const viewers = [
    ['anonymous', null],
    ['User', 'User'],
    ['Member', 'Member'],
    ['Pro', 'Pro'],
    ['Admin', 'Admin'],
  ] as const;
  // Per viewer: [Approved, Upcoming masked-date, Upcoming past, Complete masked-date, Complete past, archived Upcoming, archived Complete past]
  const expected: Record<string, SplitAccess[]> = {
    anonymous: ['hidden', 'masked', 'full', 'masked', 'full', 'hidden', 'hidden'],
    User: ['hidden', 'masked', 'full', 'masked', 'full', 'hidden', 'hidden'],
    Member: ['hidden', 'full', 'full', 'full', 'full', 'hidden', 'hidden'],
    Pro: ['hidden', 'full', 'full', 'full', 'full', 'hidden', 'hidden'],
    Admin: ['full', 'full', 'full', 'full', 'full', 'hidden', 'hidden'],
  };
  const future = addDays(TODAY, 5);
  const past = addDays(TODAY, -5);
  const splits = [
    { status: 'Approved', buyDate: future, archived: false },
    { status: 'Upcoming', buyDate: future, archived: false },
    { status: 'Upcoming', buyDate: past, archived: false },
    { status: 'Complete', buyDate: future, archived: false },
    { status: 'Complete', buyDate: past, archived: false },
    { status: 'Upcoming', buyDate: future, archived: true },
    { status: 'Complete', buyDate: past, archived: true },
  ];
  const cases = viewers.flatMap(([name, role]) => splits.map((f, i) => [name, role, f, expected[name][i]] as const));
  it.each(cases)('%s × %o → %s', (_name, role, facts, access) => {
    expect(splitAccess(role, facts, TODAY)).toBe(access);
  });
  it.each(viewers.flatMap(([name, role]) => splits.map((f) => [name, role, f] as const)))(
    '%s always sees a split they have trades on: %o',
    (_n, role, facts) => {
      expect(splitAccess(role, facts, TODAY, { ownsTrade: true })).toBe('full');
    },
  );
  it.each([
    ['Approved', false, false],
    ['Upcoming', false, true],
    ['Complete', false, false],
    ['Upcoming', true, false],
  ] as const)('announce a %s split (archived %s) → %s', (status, archived, yes) =>
    expect(isAnnounceable({ status, archived })).toBe(yes),
  );
  it.each([
    ['Approved', false, 'add', 'CONFLICT'],
    ['Approved', false, 'edit', 'CONFLICT'],
    ['Upcoming', false, 'add', null],
    ['Complete', false, 'edit', null],
    ['Upcoming', true, 'add', 'NOT_FOUND'],
    ['Complete', true, 'edit', null],
  ] as const)('trade %s split (archived %s), %s → %s', (status, archived, action, code) => {
    expect(tradeProblem({ status, archived }, action)?.code ?? null).toBe(code);
  });
});

describe('monthlyAvgProfit (calendar footer)', () => {
  const rows = (...pairs: [string, number][]) => pairs.map(([effDate, avgProfit]) => ({ effDate, avgProfit }));
  it.each([
    ['empty month', rows(), 2026, 3, 0],
    [
      'only effDate in the month counts',
      rows(['2026-03-01', 1.5], ['2026-03-31', 2.25], ['2026-04-01', 100], ['2026-02-28', 100]),
      2026,
      3,
      3.75,
    ],
    ['exact cents', rows(...Array.from({ length: 1000 }, () => ['2026-05-10', 0.01] as [string, number])), 2026, 5, 10],
    ['0.1 + 0.2', rows(['2026-05-01', 0.1], ['2026-05-02', 0.2]), 2026, 5, 0.3],
    ['negative averages reduce it', rows(['2026-06-01', 5], ['2026-06-02', -1.25]), 2026, 6, 3.75],
    ['January vs year', rows(['2025-01-15', 1], ['2026-01-15', 2]), 2026, 1, 2],
  ])('%s', (_name, data, year, month, sum) => expect(monthlyAvgProfit(data, year, month)).toBe(sum));
});

describe('defaultEstProfit: (ratio − 1) × price', () => {
  it.each([
    [10, 1.25, 11.25],
    [2, 0, 0],
    [25, 0.1234, 2.96],
    [50, 0.35, 17.15],
    [15, 0.215, 3.01],
    [100, 0.0001, 0.01],
    [3, 0.005, 0.01],
    [1000, 12.3456, 12333.25],
  ])('ratio %i × price %d → %d', (ratio, price, est) => expect(defaultEstProfit(ratio, price)).toBe(est));
});

describe('iCal', () => {
  it('folds long lines at 75 octets', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(folded.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(line);
  });
  it('writes one timed event per split, the buy-by session to its close, with an alarm an hour before the close', () => {
    const ics = buildIcal(
      [
        {
          _id: 'id1',
          name: 'A, B; C',
          ticker: 'ABC',
          effDate: '2026-03-12',
          buyDate: '2026-03-11',
          ratio: 10,
          price: 1,
          estProfit: 9,
          avgProfit: 0,
          status: 'Upcoming',
          rsType: 'Round Up',
          source: null,
          notes: null,
          caution: false,
          exchange: 'Nasdaq',
          deadline: splitDeadline('2026-03-11', 'Nasdaq'),
          masked: false,
        },
      ],
      { appUrl: 'https://roundup.example/', now: new Date('2026-03-10T15:00:00Z') },
    );
    // March 11 2026 is after the switch to daylight time (UTC−4): 9:30 am and 4:00 pm New York.
    expect(ics).toContain('DTSTART:20260311T133000Z\r\nDTEND:20260311T200000Z');
    expect(ics).toContain('BEGIN:VALARM\r\nACTION:DISPLAY');
    expect(ics).toContain('TRIGGER;RELATED=END:-PT1H\r\nEND:VALARM');
    expect(ics).toContain('SUMMARY:Buy ABC by 4:00 pm ET');
    expect(ics.replace(/\r\n /g, '')).toContain('Buy by 4:00 pm ET Wed Mar 11\\; halt 7:50 pm ET');
    expect(ics).not.toContain('VALUE=DATE');
    expect(ics).toContain('DTSTAMP:20260310T150000Z');
    expect(ics).toContain('A\\, B\\; C');
    expect(ics).toContain('URL:https://roundup.example/reverse-splits');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
  it('a caution flag drops "Buy" and the estimate from the event until it is resolved', () => {
    const ics = buildIcal(
      [
        {
          _id: 'id1',
          name: 'Cil Maybe',
          ticker: 'CILQ',
          effDate: '2026-12-03',
          buyDate: '2026-12-02',
          ratio: 20,
          price: 0.9,
          estProfit: 16.45,
          avgProfit: 0,
          status: 'Upcoming',
          rsType: 'Round Up',
          source: null,
          notes: 'The filing allows cash in lieu.',
          caution: true,
          exchange: 'Nasdaq',
          deadline: splitDeadline('2026-12-02', 'Nasdaq'),
          masked: false,
        },
      ],
      { appUrl: 'https://roundup.example/', now: new Date('2026-12-01T15:00:00Z') },
    );
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('SUMMARY:CILQ reverse split — check the filing · 20:1 · buy-by 4:00 pm ET');
    expect(unfolded).toContain('Call: Round up: check the filing.');
    expect(unfolded).not.toMatch(/SUMMARY:Buy|est\. \$16\.45/);
  });
  it('after the close the event says it is too late to buy, with no "Buy" and no alarm', () => {
    const split = {
      _id: 'id1',
      name: 'Dmf Quantum',
      ticker: 'DMFQ',
      effDate: '2026-11-30',
      buyDate: '2026-11-27',
      ratio: 40,
      price: 0.4,
      estProfit: 15.6,
      avgProfit: 0,
      status: 'Upcoming' as const,
      rsType: 'Round Up' as const,
      source: null,
      notes: null,
      caution: false,
      exchange: 'Nasdaq' as const,
      deadline: splitDeadline('2026-11-27', 'Nasdaq'),
      masked: false,
    };
    const before = buildIcal([split], { appUrl: 'https://roundup.example/', now: new Date('2026-11-27T17:00:00Z') });
    expect(before).toContain('SUMMARY:Buy DMFQ by 1:00 pm ET');
    // 10:25 pm ET, nine hours after the 1:00 pm early close.
    const ics = buildIcal([split], { appUrl: 'https://roundup.example/', now: new Date('2026-11-28T03:25:00Z') });
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('SUMMARY:DMFQ: Closed 1:00 pm ET: too late to buy · 40:1 reverse split');
    expect(unfolded).not.toMatch(/SUMMARY:Buy|Buy one share|est\. \$/);
    expect(unfolded).not.toContain('BEGIN:VALARM');
  });
  it.each([
    ['a\\b', 'a\\\\b'],
    ['a;b', 'a\\;b'],
    ['a,b', 'a\\,b'],
    ['a\r\nb', 'a\\nb'],
    ['a\rb', 'a\\nb'],
    ['a\nb', 'a\\nb'],
    ['a\n\rb', 'a\\n\\nb'],
    ['a\u0000\u001bb\tc', 'ab\tc'],
  ])('escapes TEXT %j as %j', (input, out) => expect(icalText(input)).toBe(out));
  it.each([
    ['bare CR', 'Evil\rEND:VEVENT\rBEGIN:VEVENT\rSUMMARY:Injected'],
    ['bare LF', 'Evil\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:Injected'],
    ['CRLF', 'Evil\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:Injected'],
    ['long', `${'Évil '.repeat(40)}\r\nX-INJECTED:1`],
  ])('a split name with %s cannot inject a line', (_what, name) => {
    const ics = buildIcal(
      [
        {
          _id: 'id1',
          name,
          ticker: 'ABC',
          effDate: '2026-03-12',
          buyDate: '2026-03-11',
          ratio: 10,
          price: 1,
          estProfit: 9,
          avgProfit: 0,
          status: 'Upcoming',
          rsType: 'Round Up',
          source: null,
          notes: null,
          caution: false,
          exchange: 'Nasdaq',
          deadline: splitDeadline('2026-03-11', 'Nasdaq'),
          masked: false,
        },
      ],
      { appUrl: 'https://roundup.example/', now: new Date('2026-03-10T15:00:00Z') },
    );
    // Only CRLF ends a line; each physical line is at most 75 octets.
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const physical = ics.split('\r\n').slice(0, -1);
    expect(physical.every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    // Unfolded, there is exactly one event and every content line is one we wrote.
    const lines = ics.replace(/\r\n /g, '').split('\r\n').slice(0, -1);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.filter((l) => l === 'END:VEVENT')).toHaveLength(1);
    const names = lines.map((l) => /^[A-Z-]+/.exec(l)?.[0]);
    expect(names).toEqual([
      'BEGIN',
      'VERSION',
      'PRODID',
      'CALSCALE',
      'METHOD',
      'X-WR-CALNAME',
      'BEGIN',
      'UID',
      'DTSTAMP',
      'DTSTART',
      'DTEND',
      'SUMMARY',
      'DESCRIPTION',
      'URL',
      'TRANSP',
      'BEGIN',
      'ACTION',
      'DESCRIPTION',
      'TRIGGER',
      'END',
      'END',
      'END',
    ]);
    expect(lines.find((l) => l.startsWith('DESCRIPTION:'))).toContain('vil');
  });
});

describe('estProfitFor: a change of terms recomputes the estimated profit (decision 025)', () => {
  const before = { ratio: 30, price: 1, estProfit: 29 };
  it.each([
    ['empty on add', { ratio: 30, price: 1, estProfit: null }, null, 29],
    ['typed on add', { ratio: 30, price: 1, estProfit: 12.5 }, null, 12.5],
    ['unchanged terms keep the figure sent', { ratio: 30, price: 1, estProfit: 29 }, before, 29],
    ['the old figure sent with a new ratio is recomputed', { ratio: 35, price: 1, estProfit: 29 }, before, 34],
    ['the old figure sent with a new price is recomputed', { ratio: 30, price: 2, estProfit: 29 }, before, 58],
    ['a new figure typed with the new ratio is kept', { ratio: 35, price: 1, estProfit: 40 }, before, 40],
    ['empty with a new ratio is derived', { ratio: 35, price: 1, estProfit: null }, before, 34],
    [
      'a typed figure stays while only other fields change',
      { ratio: 30, price: 1, estProfit: 12.5 },
      { ...before, estProfit: 12.5 },
      12.5,
    ],
    [
      'a stale typed figure with a new ratio is recomputed',
      { ratio: 35, price: 1, estProfit: 12.5 },
      { ...before, estProfit: 12.5 },
      34,
    ],
  ])('%s', (_name, input, prev, expected) => {
    expect(estProfitFor(input, prev)).toBe(expected);
  });
});
