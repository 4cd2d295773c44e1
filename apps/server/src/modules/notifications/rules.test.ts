import { describe, expect, it } from 'vitest';
import type { Notifications } from '@roundup/shared';
import { backoffMs, channelsFor, dueSchedules, eventsForSplitChange, isTradingDay, render, sellReminderDate, smsSegments, type EventKind, type Recipient } from './rules';

const ALL_ON: Notifications = { rsa: true, upcomingRsa: true, buyReminderRsa: true, sellRsa: true, generalRsa: true, newsletter: true, rsaWhatsapp: true, rsaSMS: true, rsaEmail: true };
const user = (over: Partial<Recipient> & { n?: Partial<Notifications> } = {}): Recipient => ({
  role: 'Pro',
  email: 'a@example.com',
  phone: '+14155550100',
  phone_validated: true,
  ...over,
  notifications: { ...ALL_ON, ...over.n },
});

describe('channelsFor: role × preference × phone validated', () => {
  const cases: [string, Recipient, EventKind, string[]][] = [
    ['Pro, everything on', user(), 'rsa', ['email', 'sms', 'whatsapp']],
    ['Member is Pro too', user({ role: 'Member' }), 'upcomingRsa', ['email', 'sms', 'whatsapp']],
    ['Admin gets Pro alerts', user({ role: 'Admin' }), 'buyReminder', ['email', 'sms', 'whatsapp']],
    ['Starter gets no Pro alert', user({ role: 'User' }), 'rsa', []],
    ['Starter gets no sell reminder', user({ role: 'User' }), 'sellReminder', []],
    ['category off → nothing', user({ n: { rsa: false } }), 'rsa', []],
    ['buy reminder off', user({ n: { buyReminderRsa: false } }), 'buyReminder', []],
    ['sell reminder off', user({ n: { sellRsa: false } }), 'sellReminder', []],
    ['email channel off', user({ n: { rsaEmail: false } }), 'rsa', ['sms', 'whatsapp']],
    ['phone not validated → email only', user({ phone_validated: false }), 'rsa', ['email']],
    ['no phone → email only', user({ phone: null }), 'upcomingRsa', ['email']],
    ['sms off, whatsapp on', user({ n: { rsaSMS: false } }), 'rsa', ['email', 'whatsapp']],
    ['no channel at all → quietly nothing', user({ phone_validated: false, n: { rsaEmail: false } }), 'rsa', []],
    ['disabled user → nothing', user({ disabled: true }), 'rsa', []],
    ['general: Starter opted in gets email', user({ role: 'User', phone_validated: false }), 'general', ['email']],
    ['general: email not gated by rsaEmail', user({ role: 'User', phone: null, n: { rsaEmail: false } }), 'general', ['email']],
    ['general off', user({ role: 'User', n: { generalRsa: false } }), 'general', []],
    ['newsletter: email only', user({ role: 'User' }), 'newsletter', ['email']],
    ['newsletter off', user({ n: { newsletter: false } }), 'newsletter', []],
    ['admin SMS: validated phone and rsaSMS', user({ role: 'User' }), 'adminSms', ['sms']],
    ['admin SMS: rsaSMS off', user({ role: 'User', n: { rsaSMS: false } }), 'adminSms', []],
    ['admin SMS: not validated', user({ role: 'User', phone_validated: false }), 'adminSms', []],
  ];
  it.each(cases)('%s', (_name, u, kind, expected) => {
    expect(channelsFor(u, kind)).toEqual(expected);
  });
  it('admin SMS to Pro excludes Starter members', () => {
    expect(channelsFor(user({ role: 'User' }), 'adminSms', { proOnlyAudience: true })).toEqual([]);
    expect(channelsFor(user({ role: 'Pro' }), 'adminSms', { proOnlyAudience: true })).toEqual(['sms']);
  });
});

describe('eventsForSplitChange', () => {
  it.each([
    [{ kind: 'added', previousStatus: null, status: 'Approved' }, ['rsa']],
    [{ kind: 'added', previousStatus: null, status: 'Upcoming' }, ['rsa']],
    [{ kind: 'added', previousStatus: null, status: 'Complete' }, []],
    [{ kind: 'updated', previousStatus: 'Approved', status: 'Upcoming' }, ['upcomingRsa']],
    [{ kind: 'updated', previousStatus: 'Upcoming', status: 'Upcoming' }, []],
    [{ kind: 'updated', previousStatus: 'Upcoming', status: 'Complete' }, []],
    [{ kind: 'deleted', previousStatus: 'Upcoming', status: null }, []],
  ] as const)('%o → %o', (e, expected) => {
    expect(eventsForSplitChange(e)).toEqual(expected);
  });
});

describe('sell reminder dates: effDate + shareReturnTime', () => {
  it.each([
    ['2026-03-02', 0, '2026-03-02'],
    ['2026-03-02', 1, '2026-03-03'],
    ['2026-03-02', 5, '2026-03-07'],
    ['2026-02-27', 2, '2026-03-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-12-30', 14, '2027-01-13'],
    ['2026-03-02', null, '2026-03-03'],
  ])('%s + %s days = %s', (eff, days, expected) => {
    expect(sellReminderDate(eff, days)).toBe(expected);
  });
});

describe('schedules', () => {
  it('trading days skip weekends and NYSE holidays', () => {
    expect(isTradingDay('2026-11-20')).toBe(true); // Friday
    expect(isTradingDay('2026-11-21')).toBe(false); // Saturday
    expect(isTradingDay('2026-11-22')).toBe(false); // Sunday
    expect(isTradingDay('2026-11-26')).toBe(false); // Thanksgiving
  });
  it.each([
    ['2026-11-20', 7, []],
    ['2026-11-20', 8, ['buy', 'sell']],
    ['2026-11-21', 9, ['sell']],
    ['2026-11-26', 8, ['sell']],
  ] as const)('%s at %s:00 New York → %o', (date, hour, expected) => {
    expect(dueSchedules({ marketDate: date, marketHour: hour })).toEqual(expected);
  });
});

describe('smsSegments (70 characters)', () => {
  it.each([
    ['', 0],
    ['a', 1],
    ['a'.repeat(70), 1],
    ['a'.repeat(71), 2],
    ['a'.repeat(140), 2],
    ['a'.repeat(141), 3],
    ['😀'.repeat(70), 1],
  ])('%#', (m, n) => {
    expect(smsSegments(m)).toBe(n);
  });
});

describe('backoff', () => {
  it('doubles each attempt and is capped', () => {
    expect([1, 2, 3, 4].map((a) => backoffMs(a, 1000))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffMs(30, 1000, 60_000)).toBe(60_000);
  });
});

describe('render', () => {
  const split = { splitId: 's', name: 'Acme <Corp>', ticker: 'ACME', ratio: 10, buyDate: '2026-03-02', effDate: '2026-03-03', price: '1.5', estProfit: '3.2', status: 'Approved' };
  it('email has text and escaped HTML with the unsubscribe link', () => {
    const r = render('rsa', split, null, { appUrl: 'https://x.test', unsubscribeUrl: 'https://x.test/u?t=1' });
    expect(r.subject).toBe('New reverse split: ACME 10:1');
    expect(r.text).toContain('Acme <Corp> (ACME), 10:1, buy by March 02, 2026');
    expect(r.text).toContain('Unsubscribe: https://x.test/u?t=1');
    expect(r.html).toContain('Acme &lt;Corp&gt;');
    expect(r.html).toContain('href="https://x.test/u?t=1"');
    expect(r.short).toContain('https://x.test/reverse-splits');
  });
  it('sell reminder lists the accounts', () => {
    const r = render('sellReminder', { date: '2026-03-04' }, { items: [{ ticker: 'ACME', account: 'Roth', broker: 'Fidelity' }] }, { appUrl: 'https://x.test' });
    expect(r.text).toContain('- ACME in Roth (Fidelity)');
  });
  it('admin SMS is the message itself', () => {
    expect(render('adminSms', { message: 'Hello' }, null, { appUrl: 'https://x.test' }).short).toBe('Hello');
  });
});
