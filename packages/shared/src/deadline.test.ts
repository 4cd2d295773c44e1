import { describe, expect, it } from 'vitest';
import { buySession, deadlineText, earlyCloseDays, isTimeZone, splitDeadline, type Exchange } from './deadline';

describe('the buy-by deadline', () => {
  it.each([
    // year, the early-close days NYSE and Nasdaq publish
    [2024, ['2024-07-03', '2024-11-29', '2024-12-24']],
    [2025, ['2025-07-03', '2025-11-28', '2025-12-24']],
    // July 3 2026 is a Friday: the observed Independence Day, closed all day.
    [2026, ['2026-11-27', '2026-12-24']],
    // Christmas Eve 2027 is a Friday: the observed Christmas, closed all day.
    [2027, ['2027-11-26']],
    [2021, ['2021-11-26']],
    [2023, ['2023-07-03', '2023-11-24']],
  ])('early closes in %i', (year, days) => expect(earlyCloseDays(year)).toEqual(days));

  it.each<[string, Exchange | null, string, string | null]>([
    // an ordinary Wednesday in winter (EST, UTC−5)
    ['2026-11-25', 'Nasdaq', '2026-11-25T21:00:00.000Z', '2026-11-26T00:50:00.000Z'],
    // the day after Thanksgiving 2026: a half day, 1:00 pm close; the halt stays 7:50 pm
    ['2026-11-27', 'Nasdaq', '2026-11-27T18:00:00.000Z', '2026-11-28T00:50:00.000Z'],
    ['2026-11-27', 'NYSE', '2026-11-27T18:00:00.000Z', '2026-11-28T00:50:00.000Z'],
    // Christmas Eve 2026 (Thursday) and July 3 2025 (Thursday, EDT)
    ['2026-12-24', 'NYSE American', '2026-12-24T18:00:00.000Z', '2026-12-25T00:50:00.000Z'],
    ['2025-07-03', 'NYSE', '2025-07-03T17:00:00.000Z', '2025-07-03T23:50:00.000Z'],
    // DST ends Sunday Nov 1 2026: Friday closes at 20:00 UTC, Monday at 21:00 UTC
    ['2026-10-30', 'Nasdaq', '2026-10-30T20:00:00.000Z', '2026-10-30T23:50:00.000Z'],
    ['2026-11-02', 'Nasdaq', '2026-11-02T21:00:00.000Z', '2026-11-03T00:50:00.000Z'],
    // DST starts Sunday Mar 8 2026: Friday at 21:00 UTC, Monday at 20:00 UTC
    ['2026-03-06', 'NYSE', '2026-03-06T21:00:00.000Z', '2026-03-07T00:50:00.000Z'],
    ['2026-03-09', 'NYSE', '2026-03-09T20:00:00.000Z', '2026-03-09T23:50:00.000Z'],
    // OTC and unknown listings have no exchange halt
    ['2026-03-09', 'OTC', '2026-03-09T20:00:00.000Z', null],
    ['2026-03-09', null, '2026-03-09T20:00:00.000Z', null],
    // A buy-by date that is not a session (Thanksgiving; a Saturday) stands for the session before it
    ['2026-11-26', 'Nasdaq', '2026-11-25T21:00:00.000Z', '2026-11-26T00:50:00.000Z'],
    ['2026-03-07', 'Nasdaq', '2026-03-06T21:00:00.000Z', '2026-03-07T00:50:00.000Z'],
    // Good Friday 2026 (Apr 3) is a holiday: Thursday's close
    ['2026-04-03', 'NYSE', '2026-04-02T20:00:00.000Z', '2026-04-02T23:50:00.000Z'],
  ])('bought by %s on %s: close %s, halt %s', (buyDate, exchange, regularClose, haltAt) =>
    expect(splitDeadline(buyDate, exchange)).toEqual({ regularClose, haltAt }),
  );

  it.each([
    ['2026-11-26', '2026-11-25'],
    ['2026-11-29', '2026-11-27'],
    ['2026-01-19', '2026-01-16'],
    ['2026-11-30', '2026-11-30'],
  ])('the session for buy-by %s is %s', (d, s) => expect(buySession(d)).toBe(s));

  it.each<[string, Exchange | null, string, string]>([
    ['2025-12-11', 'Nasdaq', 'America/Los_Angeles', 'Buy by 4:00 pm ET (1:00 pm PT) Thu Dec 11; halt 7:50 pm ET'],
    ['2025-12-11', 'Nasdaq', 'America/New_York', 'Buy by 4:00 pm ET Thu Dec 11; halt 7:50 pm ET'],
    ['2026-11-27', 'OTC', 'America/Chicago', 'Buy by 1:00 pm ET (12:00 pm CT) Fri Nov 27'],
    ['2026-11-27', null, 'UTC', 'Buy by 1:00 pm ET (6:00 pm UTC) Fri Nov 27'],
    // Tokyo is already on the next day
    ['2026-03-09', 'NYSE', 'Asia/Tokyo', 'Buy by 4:00 pm ET (5:00 am GMT+9 Tue) Mon Mar 9; halt 7:50 pm ET'],
  ])('bought by %s on %s reads, in %s: %s', (buyDate, exchange, tz, text) =>
    expect(deadlineText(splitDeadline(buyDate, exchange), tz)).toBe(text),
  );

  it.each([
    ['America/New_York', true],
    ['Europe/Berlin', true],
    ['America/Argentina/Buenos_Aires', true],
    ['UTC', true],
    ['Mars/Olympus_Mons', false],
    ['America/New_York; drop table', false],
    ['', false],
    ['../../etc/passwd', false],
  ])('isTimeZone(%s) = %s', (tz, ok) => expect(isTimeZone(tz)).toBe(ok));
});
