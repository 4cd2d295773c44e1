import { escapeHtml } from '../../lib/html';
import type { Revoked } from './auth-types';
import { VERIFY_TTL_HOURS } from './rules';

/** The emails sign-up and sign-in send (text and HTML), from the member's name and the link. */
interface Member {
  username: string;
  email: string;
}

/** Someone tried to register with an address that already has an account. */
export function registrationAttemptEmail(owner: Member, appUrl: string) {
  return {
    to: owner.email,
    subject: 'Someone tried to register with your RoundUp email',
    text: `Hi ${owner.username},\n\nSomeone just tried to open a new RoundUp account with this email address. Your account already uses it, so nothing was created and nothing changed.\n\nIf it was you, sign in instead: ${appUrl}/login (forgot your password? ${appUrl}/password-reset).\nIf it was not you, you can ignore this email.\n`,
    html: `<p>Hi ${escapeHtml(owner.username)},</p><p>Someone just tried to open a new RoundUp account with this email address. Your account already uses it, so nothing was created and nothing changed.</p><p>If it was you, <a href="${appUrl}/login">sign in</a> instead (or <a href="${appUrl}/password-reset">reset your password</a>). If it was not you, you can ignore this email.</p>`,
  };
}

/** A verification link for `to`: the member's address, or the new one they asked to use. */
export function verificationEmail(row: Member, to: string, link: string) {
  if (to.toLowerCase() !== row.email.toLowerCase()) {
    return {
      to,
      subject: 'Confirm your new RoundUp email',
      text: `Hi ${row.username},\n\nYou asked to use this address for your RoundUp account. Confirm it by opening this link:\n\n${link}\n\nUntil you do, your account keeps using its current address. The link works once and expires in ${VERIFY_TTL_HOURS} hours. If you did not ask for this, ignore this email.\n`,
      html: `<p>Hi ${escapeHtml(row.username)},</p><p>You asked to use this address for your RoundUp account.</p><p><a href="${link}">Confirm my new email</a></p><p>Until you do, your account keeps using its current address. The link works once and expires in ${VERIFY_TTL_HOURS} hours. If you did not ask for this, ignore this email.</p>`,
    };
  }
  return {
    to,
    subject: 'Verify your RoundUp email',
    text: `Hi ${row.username},\n\nWelcome to RoundUp. Confirm your email address by opening this link:\n\n${link}\n\nThe link works once and expires in ${VERIFY_TTL_HOURS} hours. If you did not sign up, ignore this email.\n`,
    html: `<p>Hi ${escapeHtml(row.username)},</p><p>Welcome to RoundUp. Confirm your email address:</p><p><a href="${link}">Verify my email</a></p><p>The link works once and expires in ${VERIFY_TTL_HOURS} hours. If you did not sign up, ignore this email.</p>`,
  };
}

/** The password-reset link (valid once, for an hour). */
export function passwordResetEmail(row: Member, link: string) {
  return {
    to: row.email,
    subject: 'Reset your RoundUp password',
    text: `Hi ${row.username},\n\nSomeone asked to reset the password of your RoundUp account. To choose a new password, open:\n\n${link}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this email; your password stays the same.\n`,
    html: `<p>Hi ${escapeHtml(row.username)},</p><p>Someone asked to reset the password of your RoundUp account.</p><p><a href="${link}">Choose a new password</a></p><p>The link works once and expires in 1 hour. If it was not you, ignore this email.</p>`,
  };
}

/** To the old address once the new one is confirmed. */
export function emailChangedEmail(member: { username: string }, oldAddress: string, newAddress: string) {
  return {
    to: oldAddress,
    subject: 'Your RoundUp email was changed',
    text: `Hi ${member.username},\n\nYour RoundUp account now uses ${newAddress}. Emails will no longer come to this address.\n\nIf you did not make this change, reply to this email or contact support at once.\n`,
    html: `<p>Hi ${escapeHtml(member.username)},</p><p>Your RoundUp account now uses ${escapeHtml(newAddress)}. Emails will no longer come to this address.</p><p>If you did not make this change, contact support at once.</p>`,
  };
}

/** To the current address when a change to `wanted` is asked for. */
export function emailChangeRequestedEmail(row: Member, wanted: string, appUrl: string) {
  return {
    to: row.email,
    subject: 'Your RoundUp email is about to change',
    text: `Hi ${row.username},\n\nSomeone signed in to your RoundUp account asked to change its email to ${wanted}. The change happens only once that address is confirmed; until then this address stays in use.\n\nIf it was not you, change your password now: ${appUrl}/password-reset\n`,
    html: `<p>Hi ${escapeHtml(row.username)},</p><p>Someone signed in to your RoundUp account asked to change its email to ${escapeHtml(wanted)}. The change happens only once that address is confirmed; until then this address stays in use.</p><p>If it was not you, <a href="${appUrl}/password-reset">change your password now</a>.</p>`,
  };
}

const tokensText = (n: number) => (n === 1 ? '1 personal API token' : `${n} personal API tokens`);

/** What the confirmation of a password change says was revoked. */
export function revokedLines(r: Revoked): string[] {
  const lines = ['You were signed out of every device.'];
  if (r.tokens > 0)
    lines.push(`${tokensText(r.tokens)} ${r.tokens === 1 ? 'was' : 'were'} revoked; make new ones in Settings → API tokens.`);
  if (r.tokensKept > 0)
    lines.push(
      `Your ${tokensText(r.tokensKept)} still ${r.tokensKept === 1 ? 'works' : 'work'}: you chose to keep ${r.tokensKept === 1 ? 'it' : 'them'}. Revoke ${r.tokensKept === 1 ? 'it' : 'them'} in Settings → API tokens if you did not make this change.`,
    );
  return lines;
}

/** Confirms a password change or reset and says what was revoked. */
export function passwordChangedEmail(row: Member, revoked: Revoked, appUrl: string) {
  const lines = revokedLines(revoked);
  return {
    to: row.email,
    subject: 'Your RoundUp password was changed',
    text: `Hi ${row.username},\n\nThe password of your RoundUp account was just changed.\n\n${lines.map((l) => `- ${l}`).join('\n')}\n\nIf you did not make this change, reset your password now: ${appUrl}/password-reset\n`,
    html: `<p>Hi ${escapeHtml(row.username)},</p><p>The password of your RoundUp account was just changed.</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul><p>If you did not make this change, <a href="${appUrl}/password-reset">reset your password now</a>.</p>`,
  };
}
