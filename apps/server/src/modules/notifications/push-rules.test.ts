import { describe, expect, it } from 'vitest';
import { deviceLabel, pushHostAllowed, pushMessage, PUSH_PAYLOAD_MAX } from './push-rules';
import { ineligibility, type EventKind, type Recipient } from './rules';
import { render } from './templates';

const split = {
  splitId: '11111111-2222-3333-4444-555555555555',
  name: 'Acme',
  ticker: 'ACME',
  ratio: 20,
  buyDate: '2026-12-10',
  effDate: '2026-12-11',
  price: '1.50',
  estProfit: '28.50',
  status: 'Upcoming',
};
const links = { appUrl: 'https://roundup.example', eventKey: 'rsa:x' };
const message = (kind: EventKind, payload: Record<string, unknown>, role: string, data: Record<string, unknown> | null = null) =>
  pushMessage(kind, render(kind, payload, data, { appUrl: links.appUrl }), payload, { role }, links);

describe('pushMessage: split details only to Pro roles (the last gate before the payload)', () => {
  it.each([
    ['rsa', split, 'User', null],
    ['upcomingRsa', split, 'User', null],
    ['termsChanged', { ...split, changes: { ratio: { from: 10, to: 20 } } }, 'User', null],
    ['splitConfirmed', split, 'User', null],
    ['buyReminder', { splits: [split] }, 'User', null],
    ['sellReminder', { date: '2026-12-12' }, 'User', null],
    ['rsa', split, 'Member', 'New reverse split: ACME 20:1'],
    ['rsa', split, 'Pro', 'New reverse split: ACME 20:1'],
    ['rsa', split, 'Admin', 'New reverse split: ACME 20:1'],
    ['buyReminder', { splits: [split] }, 'Pro', 'Buy today: ACME by 4:00 pm ET'],
    ['general', { subject: 'Hello', message: 'News' }, 'User', 'Hello'],
  ] as const)('%s to a %s: %s', (kind, payload, role, title) => {
    const m = message(kind, payload as Record<string, unknown>, role);
    expect(m?.title ?? null).toBe(title);
    if (m && role === 'User') expect(JSON.stringify(m)).not.toContain('ACME');
  });

  it('says the split and links to it on the calendar', () => {
    const m = message('rsa', split, 'Pro')!;
    expect(m.body).toBe(
      'A new reverse split was announced.\nAcme (ACME), 20:1, buy by December 10, 2026, effective December 11, 2026. Buy by 4:00 pm ET Thu Dec 10\nPrice $1.50, estimated profit $28.50 per account.',
    );
    expect(m.url).toBe('https://roundup.example/reverse-splits?split=11111111-2222-3333-4444-555555555555');
    expect(m.tag).toBe('rsa:x');
  });

  it('a failed payment goes to a Starter too, says the amount and date, and opens the card page', () => {
    const url = 'https://roundup.example/billing/update-card';
    const m = message('paymentFailed', { invoiceId: 'in_1', amount: '$50.00', updateBy: 'December 01, 2026', url }, 'User')!;
    expect(m.title).toBe('Your RoundUp payment of $50.00 failed');
    expect(m.body).toBe(`Your $50.00 payment failed; update your card by December 01, 2026: ${url}`);
    expect(m.url).toBe(url);
  });

  it('a buy reminder for many splits is cut to what a push service carries, saying so', () => {
    const splits = Array.from({ length: 60 }, (_, i) => ({
      ...split,
      splitId: `s${i}`,
      ticker: `T${i}`,
      name: 'A long company name '.repeat(2),
    }));
    const m = message('buyReminder', { splits }, 'Pro')!;
    expect(new TextEncoder().encode(JSON.stringify(m)).length).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX);
    expect(m.body.endsWith('… (open RoundUp for the rest)')).toBe(true);
  });
});

describe('the push channel in the audience rule', () => {
  const pro: Recipient = {
    role: 'Pro',
    email: 'a@b.c',
    email_validated: false,
    phone: null,
    phone_validated: false,
    notifications: {
      rsa: true,
      upcomingRsa: true,
      buyReminderRsa: true,
      buyReminderOpen: true,
      buyReminderClose: true,
      reconcileDigest: false,
      verdicts: true,
      sellRsa: false,
      generalRsa: true,
      newsletter: true,
      rsaWhatsapp: false,
      rsaSMS: false,
      rsaEmail: false,
    },
  };
  it.each([
    ['rsa', pro, null],
    ['sellReminder', pro, 'Turned off sell reminders'],
    ['rsa', { ...pro, role: 'User' }, 'Not a Pro member'],
    ['rsa', { ...pro, disabled: true }, 'Account disabled'],
    ['general', pro, 'Not sent by push'],
    ['newsletter', pro, 'Not sent by push'],
  ] as const)('%s → %s', (kind, user, reason) => {
    expect(ineligibility(user, kind, 'push')).toBe(reason);
  });
});

describe('pushHostAllowed', () => {
  const allowed = ['fcm.googleapis.com', '*.push.apple.com'];
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://web.push.apple.com/QK', true],
    ['https://push.apple.com/QK', false],
    ['https://evilpush.apple.com.example/QK', false],
    ['https://fcm.googleapis.com.evil.example/x', false],
    ['https://127.0.0.1/x', false],
    ['not a url', false],
  ])('%s → %s', (url, ok) => expect(pushHostAllowed(url, allowed)).toBe(ok));
});

describe('deviceLabel', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36', 'Chrome on Linux'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 Edg/140.0',
      'Edge on Windows',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:130.0) Gecko/20100101 Firefox/130.0', 'Firefox on macOS'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [undefined, 'Browser'],
  ])('%s → %s', (ua, label) => expect(deviceLabel(ua)).toBe(label));
});
