import { describe, expect, it } from 'vitest';
import type { Notifications } from '@roundup/shared';
import { isAnnounceable } from '../splits/rules';
import {
  addressFor,
  backoffMs,
  channelsFor,
  dueSchedules,
  eventsForSplitChange,
  ineligibility,
  isTradingDay,
  sellReminderDate,
  smsSegments,
  splitIneligibility,
  SPLIT_NOT_PUBLIC,
  unsubscribeTokenExpired,
  type EventKind,
  type PersonalChannel,
  type Recipient,
  termsChanged,
} from './rules';
import { announcementText, render } from './templates';

const ALL_ON: Notifications = {
  rsa: true,
  upcomingRsa: true,
  buyReminderRsa: true,
  sellRsa: true,
  generalRsa: true,
  newsletter: true,
  rsaWhatsapp: true,
  rsaSMS: true,
  rsaEmail: true,
  buyReminderOpen: true,
  buyReminderClose: true,
  reconcileDigest: false,
  verdicts: true,
};
const user = (over: Partial<Recipient> & { n?: Partial<Notifications> } = {}): Recipient => ({
  role: 'Pro',
  email: 'a@example.com',
  email_validated: true,
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
    // Which buy-day reminders the member chose: each on every enabled channel, or not at all
    ['buy reminders off: none before the close either', user({ n: { buyReminderRsa: false } }), 'buyReminderClose', []],
    ['only the close reminder chosen: none at the open', user({ n: { buyReminderOpen: false } }), 'buyReminder', []],
    [
      'only the close reminder chosen: it comes',
      user({ n: { buyReminderOpen: false } }),
      'buyReminderClose',
      ['email', 'sms', 'whatsapp'],
    ],
    ['only the open reminder chosen: none before the close', user({ n: { buyReminderClose: false } }), 'buyReminderClose', []],
    ['close reminder, SMS off', user({ n: { rsaSMS: false } }), 'buyReminderClose', ['email', 'whatsapp']],
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
    // What three members report at the member's broker: on by default, on every alert channel, Pro only.
    ['verdict: every alert channel', user(), 'splitVerdict', ['email', 'sms', 'whatsapp']],
    ['verdict off', user({ n: { verdicts: false } }), 'splitVerdict', []],
    ['verdict: not to a Starter', user({ role: 'User' }), 'splitVerdict', []],
    ['verdict: email alerts off', user({ n: { rsaEmail: false } }), 'splitVerdict', ['sms', 'whatsapp']],
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

describe('ineligibility: the send-time re-check (same rule as fan-out)', () => {
  const cases: [string, Recipient, EventKind, PersonalChannel, { proOnlyAudience?: boolean }, string | null][] = [
    ['still eligible', user(), 'rsa', 'email', {}, null],
    ['alert turned off', user({ n: { rsa: false } }), 'rsa', 'sms', {}, 'Turned off new split alerts'],
    ['upcoming turned off', user({ n: { upcomingRsa: false } }), 'upcomingRsa', 'email', {}, 'Turned off upcoming split alerts'],
    ['buy reminders turned off', user({ n: { buyReminderRsa: false } }), 'buyReminder', 'email', {}, 'Turned off buy reminders'],
    ['sell reminders turned off', user({ n: { sellRsa: false } }), 'sellReminder', 'whatsapp', {}, 'Turned off sell reminders'],
    ['email alerts off', user({ n: { rsaEmail: false } }), 'rsa', 'email', {}, 'Turned off email alerts'],
    ['SMS off', user({ n: { rsaSMS: false } }), 'rsa', 'sms', {}, 'Turned off SMS'],
    ['WhatsApp off', user({ n: { rsaWhatsapp: false } }), 'general', 'whatsapp', {}, 'Turned off WhatsApp'],
    ['lost Pro: Pro-only alert', user({ role: 'User' }), 'rsa', 'email', {}, 'Not a Pro member'],
    ['lost Pro: admin SMS to Pro', user({ role: 'User' }), 'adminSms', 'sms', { proOnlyAudience: true }, 'Not a Pro member'],
    ['Starter: admin SMS to All', user({ role: 'User' }), 'adminSms', 'sms', {}, null],
    [
      'disabled wins over everything',
      user({ disabled: true, role: 'User', n: { rsa: false } }),
      'rsa',
      'email',
      {},
      'Account disabled',
    ],
    [
      'general announcements off',
      user({ role: 'User', n: { generalRsa: false } }),
      'general',
      'email',
      {},
      'Turned off general announcements',
    ],
    ['general by email ignores rsaEmail', user({ role: 'User', n: { rsaEmail: false } }), 'general', 'email', {}, null],
    [
      'newsletter off (unsubscribed)',
      user({ role: 'User', n: { newsletter: false } }),
      'newsletter',
      'email',
      {},
      'Turned off the newsletter',
    ],
    ['newsletter never goes by SMS', user(), 'newsletter', 'sms', {}, 'Not sent by sms'],
    ['phone removed', user({ phone: null, phone_validated: false }), 'general', 'sms', {}, 'No phone number'],
    ['phone changed, not validated', user({ phone_validated: false }), 'rsa', 'whatsapp', {}, 'Phone not validated'],
    ['no email address', user({ email: null }), 'newsletter', 'email', {}, 'No email address'],
    [
      'email not verified: newsletter',
      user({ role: 'User', email_validated: false }),
      'newsletter',
      'email',
      {},
      'Email not verified',
    ],
    [
      'email not verified: general announcement',
      user({ role: 'User', email_validated: false }),
      'general',
      'email',
      {},
      'Email not verified',
    ],
    ['email not verified: new-split alert', user({ email_validated: false }), 'rsa', 'email', {}, 'Email not verified'],
    ['email not verified: sell reminder', user({ email_validated: false }), 'sellReminder', 'email', {}, 'Email not verified'],
    ['email not verified: SMS still goes', user({ email_validated: false }), 'rsa', 'sms', {}, null],
    // A failed payment is an account notice (decision 040): email always, texts only on the member's channels.
    ['failed payment: email to an unverified address', user({ email_validated: false }), 'paymentFailed', 'email', {}, null],
    [
      'failed payment: email with every alert off',
      user({ role: 'User', n: { rsa: false, rsaEmail: false, generalRsa: false } }),
      'paymentFailed',
      'email',
      {},
      null,
    ],
    ['failed payment: SMS off', user({ n: { rsaSMS: false } }), 'paymentFailed', 'sms', {}, 'Turned off SMS'],
    ['failed payment: WhatsApp off', user({ n: { rsaWhatsapp: false } }), 'paymentFailed', 'whatsapp', {}, 'Turned off WhatsApp'],
    ['failed payment: phone not validated', user({ phone_validated: false }), 'paymentFailed', 'sms', {}, 'Phone not validated'],
    ['failed payment: account disabled', user({ disabled: true }), 'paymentFailed', 'email', {}, 'Account disabled'],
    ['failed payment: no email address', user({ email: null }), 'paymentFailed', 'email', {}, 'No email address'],
  ];
  it.each(cases)('%s', (_name, u, kind, channel, opts, expected) => {
    expect(ineligibility(u, kind, channel, opts)).toBe(expected);
  });
  it('agrees with channelsFor for every kind and channel', () => {
    const kinds: EventKind[] = [
      'rsa',
      'upcomingRsa',
      'buyReminder',
      'buyReminderClose',
      'sellReminder',
      'general',
      'newsletter',
      'adminSms',
      'paymentFailed',
    ];
    for (const [, u] of cases) {
      for (const kind of kinds) {
        const eligible = (['email', 'sms', 'whatsapp'] as const).filter((ch) => ineligibility(u, kind, ch) === null);
        expect(channelsFor(u, kind)).toEqual(eligible);
      }
    }
  });
  it('sends to the current address', () => {
    expect(addressFor(user({ email: 'new@example.com' }), 'email')).toBe('new@example.com');
    expect(addressFor(user({ phone: '+14155550199' }), 'sms')).toBe('+14155550199');
  });
});

describe('unsubscribeTokenExpired', () => {
  const issued = Date.UTC(2026, 0, 1) / 1000;
  it.each([
    ['just sent', 0, false],
    ['364 days later', 364, false],
    ['365 days later', 365, false],
    ['366 days later', 366, true],
  ] as const)('%s', (_name, days, expired) => {
    expect(unsubscribeTokenExpired(issued, new Date(issued * 1000 + days * 86_400_000))).toBe(expired);
  });
});

describe('eventsForSplitChange', () => {
  it.each([
    // Approved splits are not public: nothing is announced until an admin makes them Upcoming.
    [{ kind: 'added', previousStatus: null, status: 'Approved' }, []],
    [{ kind: 'updated', previousStatus: 'Approved', status: 'Approved' }, []],
    [{ kind: 'updated', previousStatus: 'Upcoming', status: 'Approved' }, []],
    [{ kind: 'added', previousStatus: null, status: 'Upcoming' }, ['rsa']],
    [{ kind: 'added', previousStatus: null, status: 'Complete' }, []],
    [{ kind: 'updated', previousStatus: 'Approved', status: 'Upcoming' }, ['rsa', 'upcomingRsa']],
    [{ kind: 'updated', previousStatus: 'Complete', status: 'Upcoming' }, ['upcomingRsa']],
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
    // [New York date, time, due]: sell reminders from 08:00; buy-day reminders at the open and an hour before the close
    ['2026-11-20', '07:59', []],
    ['2026-11-20', '08:00', ['sell']],
    ['2026-11-20', '09:29', ['sell']],
    ['2026-11-20', '09:30', ['buy', 'sell']],
    ['2026-11-20', '14:59', ['buy', 'sell']],
    ['2026-11-20', '15:00', ['buy', 'buyClose', 'sell']],
    ['2026-11-20', '15:59', ['buy', 'buyClose', 'sell']],
    // too late to buy once the session has closed
    ['2026-11-20', '16:00', ['sell']],
    // the day after Thanksgiving closes at 1:00 pm: the second reminder from noon
    ['2026-11-27', '11:59', ['buy', 'sell']],
    ['2026-11-27', '12:00', ['buy', 'buyClose', 'sell']],
    ['2026-11-27', '13:00', ['sell']],
    ['2026-11-21', '10:00', ['sell']],
    ['2026-11-26', '10:00', ['sell']],
    // the weekly reconciliation digest on Mondays from 08:00 (decision 031), holiday or not
    ['2026-11-23', '07:59', []],
    ['2026-11-23', '08:00', ['sell', 'digest']],
    ['2026-11-23', '10:00', ['buy', 'sell', 'digest']],
    ['2026-01-19', '08:30', ['sell', 'digest']],
  ] as const)('%s at %s New York → %o', (date, time, expected) => {
    const marketMinutes = Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
    expect(dueSchedules({ marketDate: date, marketMinutes })).toEqual(expected);
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
  const split = {
    splitId: 's',
    name: 'Acme <Corp>',
    ticker: 'ACME',
    ratio: 10,
    buyDate: '2026-03-02',
    effDate: '2026-03-03',
    price: '1.5',
    estProfit: '3.2',
    status: 'Approved',
  };
  it('email has text and escaped HTML with the unsubscribe link', () => {
    const r = render('rsa', split, null, { appUrl: 'https://x.test', unsubscribeUrl: 'https://x.test/u?t=1' });
    expect(r.subject).toBe('New reverse split: ACME 10:1');
    expect(r.text).toContain('Acme <Corp> (ACME), 10:1, buy by March 02, 2026');
    // The deadline to the minute: no exchange known, so no halt.
    expect(r.text).toContain('Buy by 4:00 pm ET Mon Mar 2');
    expect(r.short).toContain('Buy by 4:00 pm ET Mon Mar 2');
    expect(r.text).toContain('Unsubscribe: https://x.test/u?t=1');
    expect(r.html).toContain('Acme &lt;Corp&gt;');
    expect(r.html).toContain('href="https://x.test/u?t=1"');
    expect(r.short).toContain('https://x.test/reverse-splits');
  });
  it.each([
    ['buyReminder', 'America/New_York', 'Buy today: ACME by 4:00 pm ET', 'Today is the purchase date for:'],
    ['buyReminder', 'America/Los_Angeles', 'Buy today: ACME by 4:00 pm ET (1:00 pm PT)', 'Today is the purchase date for:'],
    [
      'buyReminderClose',
      'America/Chicago',
      'One hour to the close: buy ACME by 4:00 pm ET (3:00 pm CT)',
      'The market closes in an hour on the purchase date for:',
    ],
  ] as const)('%s in %s: "%s"', (kind, timeZone, subject, first) => {
    const r = render(kind, { splits: [{ ...split, exchange: 'Nasdaq' }] }, null, { appUrl: 'https://x.test', timeZone });
    expect(r.subject).toBe(subject);
    expect(r.text.split('\n')[0]).toBe(first);
    expect(r.text).toContain('halt 7:50 pm ET');
    // SMS and WhatsApp carry the time too
    expect(r.short).toContain(subject);
  });
  it('sell reminder lists the accounts', () => {
    const r = render(
      'sellReminder',
      { date: '2026-03-04' },
      { items: [{ ticker: 'ACME', account: 'Roth', broker: 'Fidelity' }] },
      { appUrl: 'https://x.test' },
    );
    expect(r.text).toContain('- ACME in Roth (Fidelity)');
  });
  it('"Confirmed by the exchange" names the split and its terms, by email and in the short form', () => {
    const r = render('splitConfirmed', split, null, { appUrl: 'https://x.test' });
    expect(r.subject).toBe('Confirmed by the exchange: ACME 10:1');
    expect(r.text).toContain('Acme <Corp> (ACME), 10:1, buy by March 02, 2026, effective March 03, 2026');
    // Like every one-split alert, the short form carries the deadline.
    expect(r.short).toBe(
      'RoundUp: Confirmed by the exchange: ACME 10:1. Buy by 4:00 pm ET Mon Mar 2. https://x.test/reverse-splits',
    );
  });
  it.each([
    ['unconfirmed', 'Round up (not yet confirmed)'],
    ['confirmed', 'Round up (confirmed by the exchange)'],
  ] as const)('a %s round-up says so beside its call, by email and in the SMS: "%s"', (confirmation, said) => {
    const r = render('rsa', { ...split, rsType: 'Round Up', confirmation }, null, { appUrl: 'https://x.test' });
    expect(r.text).toContain(`Acme <Corp> (ACME), 10:1, ${said}, buy by March 02, 2026`);
    expect(r.short).toBe(
      `RoundUp: New reverse split: ACME 10:1, ${said}. Buy by 4:00 pm ET Mon Mar 2. https://x.test/reverse-splits`,
    );
  });
  it.each([
    ['sources disagree', { confirmation: 'conflict' as const }, 'Round up: sources disagree'],
    ['a caution flag', { caution: true }, 'Round up: check the filing'],
  ])('%s: the call is held back, no "Buy" and no estimate until it is resolved', (_label, over, said) => {
    const r = render('rsa', { ...split, rsType: 'Round Up', ...over }, null, { appUrl: 'https://x.test' });
    expect(r.subject).toBe(`New reverse split: ACME 10:1, ${said}`);
    expect(r.text).toContain(`Acme <Corp> (ACME), 10:1, ${said}, buy by March 02, 2026`);
    expect(r.text).not.toMatch(/estimated profit \$|Buy by /);
    expect(r.text).toContain('no estimated profit');
    expect(r.short).toBe(
      `RoundUp: New reverse split: ACME 10:1, ${said}. Buy-by deadline 4:00 pm ET Mon Mar 2. https://x.test/reverse-splits`,
    );
  });
  it('admin SMS is the message itself', () => {
    expect(render('adminSms', { message: 'Hello' }, null, { appUrl: 'https://x.test' }).short).toBe('Hello');
  });
  it('an announcement keeps its plain-text paragraphs, escaped, with the unsubscribe link', () => {
    const message = 'Hello <members>,\nline two\n\nSecond paragraph & more';
    const r = render('newsletter', { subject: 'March news', message }, null, {
      appUrl: 'https://x.test',
      unsubscribeUrl: 'https://x.test/u?t=2',
    });
    expect(r.subject).toBe('March news');
    expect(r.text.startsWith(`${message}\n`)).toBe(true);
    expect(r.text).toContain('Unsubscribe: https://x.test/u?t=2');
    expect(r.html).toContain(
      '<p style="margin:0 0 8px">Hello &lt;members&gt;,<br>line two</p><p style="margin:0 0 8px">Second paragraph &amp; more</p>',
    );
    expect(r.html).toContain('href="https://x.test/u?t=2"');
    expect(r.short).toBe(`March news\n${message}`);
  });
});

describe('render: a failed payment', () => {
  const url = 'https://app.example/billing/update-card';
  const payload = { invoiceId: 'in_1', amount: '$50.00', updateBy: 'December 01, 2026', url };
  it.each([
    [payload, `Your $50.00 payment failed; update your card by December 01, 2026: ${url}`],
    // Stripe will not retry: the card is needed now.
    [{ ...payload, updateBy: null }, `Your $50.00 payment failed; update your card now: ${url}`],
  ])('%#', (p, sentence) => {
    const r = render('paymentFailed', p, null, { appUrl: 'https://app.example', unsubscribeUrl: undefined });
    expect(r.subject).toBe('Your RoundUp payment of $50.00 failed');
    expect(r.text.split('\n')[0]).toBe(sentence);
    expect(r.text).toContain(`Update your card: ${url}`);
    expect(r.text).not.toContain('/reverse-splits');
    expect(r.short).toBe(`RoundUp: ${sentence}`);
    expect(r.html).toContain(`<a href="${url}">Update your card</a>`);
  });
});

describe('render: a split verdict', () => {
  const payload = { splitId: 's1', ticker: 'DXVQ', name: 'Dexa Corp', brokerId: 'b1', members: 3 };
  it.each([
    ['share_received', 'Schwab', 'DXVQ rounded up at Schwab: 3 members got their share. Sell as DXVQ.'],
    ['cash_in_lieu', 'Fidelity', 'DXVQ: 3 members report cash in lieu at Fidelity.'],
  ])('%s: the sentence is the subject, the first line and the SMS', (outcome, brokerName, sentence) => {
    const r = render('splitVerdict', { ...payload, outcome, brokerName }, null, {
      appUrl: 'https://app.example',
      unsubscribeUrl: 'https://app.example/u?t=1',
    });
    expect(r.subject).toBe(sentence.slice(0, -1));
    expect(r.text.split('\n')[0]).toBe(sentence);
    expect(r.text).toContain(`Dexa Corp (DXVQ): your round-up at ${brokerName} is still pending.`);
    expect(r.text).toContain('Unsubscribe: https://app.example/u?t=1');
    expect(r.short).toBe(`RoundUp: ${sentence} https://app.example/reverse-splits`);
  });
});

describe('announcementText (SMS / WhatsApp)', () => {
  it.each([
    ['short: subject and message', 'Hi', 'There', 'Hi\nThere'],
    ['exactly the limit is kept whole', 'S', 'm'.repeat(1598), `S\n${'m'.repeat(1598)}`],
  ])('%s', (_name, subject, message, expected) => {
    expect(announcementText(subject, message)).toBe(expected);
  });
  it('a long message is cut to one provider message and points to the email', () => {
    const t = announcementText('Subject', 'word '.repeat(1000));
    expect([...t].length).toBeLessThanOrEqual(1600);
    expect(t.startsWith('Subject\nword word')).toBe(true);
    expect(t.endsWith('… (full message in your email)')).toBe(true);
  });
});

describe('splitIneligibility: the send-time re-check of the splits a message announces', () => {
  const up = { status: 'Upcoming', archived: false };
  const cases: [string, EventKind, { status: string | null; archived: boolean }[], string | null][] = [
    ['new-split alert, still Upcoming', 'rsa', [up], null],
    ['new-split alert, moved back to Approved', 'rsa', [{ status: 'Approved', archived: false }], SPLIT_NOT_PUBLIC],
    ['upcoming alert, moved on to Complete', 'upcomingRsa', [{ status: 'Complete', archived: false }], SPLIT_NOT_PUBLIC],
    ['upcoming alert, archived', 'upcomingRsa', [{ status: 'Upcoming', archived: true }], SPLIT_NOT_PUBLIC],
    ['new-split alert, deleted', 'rsa', [{ status: null, archived: false }], SPLIT_NOT_PUBLIC],
    ['confirmed alert, still Upcoming', 'splitConfirmed', [up], null],
    ['confirmed alert, archived since', 'splitConfirmed', [{ status: 'Upcoming', archived: true }], SPLIT_NOT_PUBLIC],
    ['buy reminder, still Upcoming', 'buyReminder', [up, up], null],
    ['buy reminder, one of its splits archived', 'buyReminder', [up, { status: 'Upcoming', archived: true }], SPLIT_NOT_PUBLIC],
    ['buy reminder naming no split', 'buyReminder', [], SPLIT_NOT_PUBLIC],
    ['sell reminder: own positions, whatever became of the split', 'sellReminder', [], null],
    ['announcement', 'general', [], null],
    ['newsletter', 'newsletter', [], null],
    ['admin SMS', 'adminSms', [], null],
  ];
  it.each(cases)('%s', (_name, kind, splits, expected) => expect(splitIneligibility(kind, splits)).toBe(expected));

  it('agrees with isAnnounceable for every status × archived', () => {
    for (const status of ['Approved', 'Upcoming', 'Complete', 'Other'])
      for (const archived of [false, true])
        expect(splitIneligibility('rsa', [{ status, archived }]) === null).toBe(isAnnounceable({ status, archived }));
  });
});

describe('splitIneligibility at send time: a buy reminder past its buy-by deadline is not sent', () => {
  // Fri Nov 27 2026 closes at 1:00 pm ET (18:00 UTC); Mon Nov 30 at 4:00 pm ET.
  const half = { status: 'Upcoming', archived: false, buyDate: '2026-11-27', exchange: 'Nasdaq' };
  const monday = { ...half, buyDate: '2026-11-30', exchange: null };
  const LATE = 'The buy-by deadline passed (1:00 pm ET)';
  it.each<[string, EventKind, (typeof half | typeof monday)[], string, string | null]>([
    ['open reminder, 12:59 pm ET', 'buyReminder', [half], '2026-11-27T17:59:00Z', null],
    ['open reminder, at 1:00 pm ET', 'buyReminder', [half], '2026-11-27T18:00:00Z', LATE],
    ['close reminder, 10:25 pm ET', 'buyReminderClose', [half], '2026-11-28T03:25:00Z', LATE],
    ['a reminder naming one closed and one open split still goes', 'buyReminder', [half, monday], '2026-11-28T03:25:00Z', null],
    ['a new-split alert is not a reminder', 'rsa', [half], '2026-11-28T03:25:00Z', null],
  ])('%s', (_name, kind, splits, now, expected) => expect(splitIneligibility(kind, splits, new Date(now))).toBe(expected));
});

describe('termsChanged: a new date or ratio alerts the split’s holders', () => {
  const ev = (over: Partial<Parameters<typeof termsChanged>[0]>) => ({
    kind: 'updated' as const,
    previousStatus: 'Upcoming',
    status: 'Upcoming',
    changes: { buyDate: { from: '2026-11-30', to: '2026-12-02' } },
    ...over,
  });
  it.each<[string, Parameters<typeof termsChanged>[0], Record<string, unknown> | null]>([
    ['a new buy-by date', ev({}), { buyDate: { from: '2026-11-30', to: '2026-12-02' } }],
    [
      'ratio and effective date, notes ignored',
      ev({ changes: { ratio: { from: 20, to: 25 }, effDate: { from: 'a', to: 'b' }, notes: { from: 'x', to: 'y' } } }),
      { ratio: { from: 20, to: 25 }, effDate: { from: 'a', to: 'b' } },
    ],
    ['only the price changed', ev({ changes: { price: { from: 1, to: 2 } } }), null],
    ['an Approved split is not public', ev({ previousStatus: 'Approved', status: 'Approved' }), null],
    ['published in the same edit: the new-split alert says it', ev({ previousStatus: 'Approved' }), null],
    [
      'a Complete split re-dated',
      ev({ previousStatus: 'Complete', status: 'Complete' }),
      { buyDate: { from: '2026-11-30', to: '2026-12-02' } },
    ],
    ['an add', ev({ kind: 'added' }), null],
    ['no changes given', ev({ changes: undefined }), null],
  ])('%s', (_name, e, want) => {
    expect(termsChanged(e)).toEqual(want);
  });
});
