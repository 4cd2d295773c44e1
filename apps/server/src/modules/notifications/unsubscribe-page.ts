/**
 * The small server-rendered pages behind the unsubscribe link in alert emails (no script, no
 * sign-in; the strict CSP allows inline styles only). The GET page asks; its button POSTs the
 * RFC 8058 body to the same URL, which is the one in the List-Unsubscribe header.
 */

import { escapeHtml } from '../../lib/html';

export const PREF_LABEL: Record<string, string> = {
  rsa: 'new reverse split alerts',
  upcomingRsa: 'upcoming reverse split alerts',
  buyReminderRsa: 'buy reminders',
  buyReminderOpen: 'buy reminders at the open',
  buyReminderClose: 'buy reminders before the close',
  sellRsa: 'sell reminders',
  generalRsa: 'general announcements',
  newsletter: 'the newsletter',
  reconcileDigest: 'the weekly reconciliation digest',
  verdicts: 'what members report at your broker',
};

const BUTTON =
  'display:inline-block;flex:1 1 12rem;box-sizing:border-box;min-height:44px;padding:10px 20px;border-radius:8px;font:600 16px/1.5 system-ui,sans-serif;text-align:center;text-decoration:none;cursor:pointer';

function shell(title: string, inner: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)} · RoundUp</title></head>` +
    '<body style="margin:0;background:#f4f6f9;color:#1b2430;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif">' +
    '<header style="background:#fff;border-bottom:1px solid #e2e6ec"><div style="max-width:40rem;margin:0 auto;padding:14px 20px">' +
    '<a href="/" style="color:#1b2430;font-weight:700;font-size:18px;text-decoration:none">RoundUp</a></div></header>' +
    '<main style="max-width:40rem;margin:0 auto;padding:32px 16px">' +
    '<div style="background:#fff;border:1px solid #e2e6ec;border-radius:12px;padding:28px 24px;box-shadow:0 1px 2px rgba(16,24,40,.05)">' +
    `<h1 style="margin:0 0 12px;font-size:22px;line-height:1.3">${escapeHtml(title)}</h1>${inner}</div></main></body></html>`
  );
}

const settingsLink = (label: string, style: string) => `<a href="/settings" style="${style}">${escapeHtml(label)}</a>`;

/** GET: what the link turns off, and a button that does it. Nothing has changed yet. */
export function confirmPage(pref: string, action: string): string {
  const what = PREF_LABEL[pref] ?? pref;
  return shell(
    `Unsubscribe from ${what}?`,
    `<p style="margin:0 0 20px">You will stop receiving ${escapeHtml(what)} by email. Your other notifications stay as they are.</p>` +
      `<form method="post" action="${escapeHtml(action)}" style="margin:0;display:flex;flex-wrap:wrap;gap:12px;align-items:center">` +
      '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
      `<button type="submit" style="${BUTTON};border:0;background:#0f766e;color:#fff">Unsubscribe</button>` +
      settingsLink('Keep them and open my settings', `${BUTTON};border:1px solid #c9d1dc;background:#fff;color:#1b2430`) +
      '</form>',
  );
}

/** POST from the form: done (also shown again on a repeat: unsubscribing twice is fine). */
export function donePage(pref: string): string {
  const what = PREF_LABEL[pref] ?? pref;
  return shell(
    'You are unsubscribed',
    `<p style="margin:0 0 20px">You will no longer receive ${escapeHtml(what)} by email. You can turn them back on at any time in your settings.</p>` +
      settingsLink('Notification settings', `${BUTTON};border:1px solid #c9d1dc;background:#fff;color:#1b2430`),
  );
}

export const INVALID_LINK = 'This unsubscribe link is not valid. You can change your notifications in your settings.';
export const EXPIRED_LINK = 'This unsubscribe link has expired. You can change your notifications in your settings.';
export const USED_LINK =
  'This unsubscribe link was already used, and you have turned those emails back on since. It changes nothing now: change your notifications in your settings.';

export type LinkProblem = 'invalid' | 'expired' | 'used';

/** What a link that cannot unsubscribe says, as the envelope's message and as a page. */
export const LINK_PROBLEM: Record<LinkProblem, { title: string; msg: string }> = {
  invalid: { title: 'Link not valid', msg: INVALID_LINK },
  expired: { title: 'Link expired', msg: EXPIRED_LINK },
  used: { title: 'Link already used', msg: USED_LINK },
};

/** A bad, forged, expired, outdated or spent link: a clear page, never a 500. */
export function errorPage(reason: LinkProblem): string {
  const { title, msg } = LINK_PROBLEM[reason];
  return shell(
    title,
    `<p style="margin:0 0 20px">${escapeHtml(msg)}</p>` +
      settingsLink('Notification settings', `${BUTTON};border:0;background:#0f766e;color:#fff`),
  );
}
