import { describe, expect, it } from 'vitest';
import { splitDeadline, type Exchange } from './deadline';
import { closedText, deadlineState, liveDeadlineText, type DeadlinePhase } from './deadline-state';

describe('the live deadline, by the clock', () => {
  it.each<[string, string, Exchange | null, string, DeadlinePhase, number | null]>([
    // label, buy-by date, exchange, now (UTC), phase, minutes left
    ['an ordinary day, at the open', '2026-11-25', 'Nasdaq', '2026-11-25T14:30:00Z', 'open', 390],
    ['an ordinary day, 61 min before 4:00 pm', '2026-11-25', 'Nasdaq', '2026-11-25T19:59:00Z', 'open', 61],
    ['an ordinary day, the last hour starts', '2026-11-25', 'Nasdaq', '2026-11-25T20:00:00Z', 'closing', 60],
    ['an ordinary day, 30 s before the close', '2026-11-25', 'Nasdaq', '2026-11-25T20:59:30Z', 'closing', 1],
    ['an ordinary day, at the close', '2026-11-25', 'Nasdaq', '2026-11-25T21:00:00Z', 'closed', null],
    // The day after Thanksgiving closes at 1:00 pm: at 12:30 pm the countdown runs, at 2:00 pm it is over.
    ['early close, 12:30 pm ET', '2026-11-27', 'Nasdaq', '2026-11-27T17:30:00Z', 'closing', 30],
    ['early close, 2:00 pm ET (before a regular close)', '2026-11-27', 'Nasdaq', '2026-11-27T19:00:00Z', 'closed', null],
    // After the exchange's 7:50 pm halt on the evening before the split: still closed, the Missed line stays.
    ['early close, after the 7:50 pm halt', '2026-11-27', 'Nasdaq', '2026-11-28T00:51:00Z', 'closed', null],
    ['early close, 10:25 pm ET', '2026-11-27', 'NYSE', '2026-11-28T03:25:00Z', 'closed', null],
    ['early close, midnight ET: the day is over', '2026-11-27', 'NYSE', '2026-11-28T05:00:00Z', 'past', null],
    // DST ends Sunday Nov 1 2026: Friday Oct 30 closes at 20:00 UTC (EDT), Monday Nov 2 at 21:00 UTC (EST).
    ['EDT Friday, 3:30 pm ET', '2026-10-30', 'OTC', '2026-10-30T19:30:00Z', 'closing', 30],
    ['EDT Friday, 4:01 pm ET', '2026-10-30', 'OTC', '2026-10-30T20:01:00Z', 'closed', null],
    ['EST Monday, 20:30 UTC is 3:30 pm ET', '2026-11-02', null, '2026-11-02T20:30:00Z', 'closing', 30],
    ['EST Monday, midnight ET is 05:00 UTC', '2026-11-02', null, '2026-11-03T04:59:00Z', 'closed', null],
    ['EST Monday, the next day', '2026-11-02', null, '2026-11-03T05:00:00Z', 'past', null],
    // DST starts Sunday Mar 8 2026: Monday Mar 9 closes at 20:00 UTC.
    ['EDT Monday, 19:30 UTC is 3:30 pm ET', '2026-03-09', 'NYSE', '2026-03-09T19:30:00Z', 'closing', 30],
    // A Saturday buy-by date stands for Friday's session: closed on Saturday morning.
    ['a Saturday buy-by date, Saturday 10:00 am ET', '2026-03-07', 'NYSE', '2026-03-07T15:00:00Z', 'past', null],
  ])('%s', (_label, buyDate, exchange, now, phase, minutesLeft) => {
    expect(deadlineState(splitDeadline(buyDate, exchange), new Date(now))).toEqual({ phase, minutesLeft });
  });

  it.each([
    ['2026-11-27', 'Closed 1:00 pm ET: too late to buy'],
    ['2026-11-25', 'Closed 4:00 pm ET: too late to buy'],
    ['2026-03-09', 'Closed 4:00 pm ET: too late to buy'],
  ])('closed on %s reads "%s"', (buyDate, text) => expect(closedText(splitDeadline(buyDate, 'Nasdaq'))).toBe(text));

  it.each([
    ['2026-11-27T14:30:00Z', 'America/New_York', 'Buy by 1:00 pm ET'],
    ['2026-11-27T17:18:00Z', 'America/New_York', 'Buy by 1:00 pm ET · Closes in 42 min'],
    ['2026-11-27T17:18:00Z', 'America/Los_Angeles', 'Buy by 1:00 pm ET (10:00 am PT) · Closes in 42 min'],
    ['2026-11-28T03:25:00Z', 'America/Los_Angeles', 'Closed 1:00 pm ET: too late to buy'],
  ])('at %s in %s the line reads "%s"', (now, zone, text) =>
    expect(liveDeadlineText(splitDeadline('2026-11-27', 'Nasdaq'), new Date(now), zone)).toBe(text),
  );
});
