import { randomInt } from 'node:crypto';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../http/app-error';
import { hashToken } from '../../lib/tokens';
import { usersRepo } from './repo';
import { canSendCode, OTP, otpSms } from './rules';

/** What a phone code is stored as: its HMAC, bound to the member and the number it was sent to. */
export const phoneCodeHash = (pepper: string, userId: string, phone: string, code: string) =>
  hashToken(pepper, `otp:${userId}:${phone}:${code}`);

/** GET /api/users/send-sms-otp: a new 6-digit code by SMS (limits per user, per number and per IP). */
export async function sendPhoneCode(
  deps: Pick<AppContext, 'database' | 'config' | 'clock' | 'limiter' | 'sms' | 'log'>,
  input: { userId: string; ip: string },
) {
  const repo = usersRepo(deps.database.db);
  const row = await repo.byId(input.userId);
  if (!row) throw notFound('User not found');
  if (!row.phone) throw badRequest('Add a phone number to your profile first.');
  if (row.phoneValidated) throw badRequest('Your phone number is already validated.');
  const now = deps.clock();
  const since = new Date(now.getTime() - OTP.windowMs);
  const decision = canSendCode({
    now,
    userCodes: await repo.codesSince(row.id, since),
    numberCount: await repo.countCodesToPhoneSince(row.phone, since),
  });
  if (!decision.ok) throw new AppError('RATE_LIMITED', decision.msg);
  const ipHits = await deps.limiter.hit(`otp-ip:${input.ip}`, 3600);
  if (ipHits.count > OTP.maxPerIpPerHour) {
    throw new AppError('RATE_LIMITED', 'Too many codes were requested from your network. Please try again later.', {
      retryAfterSeconds: ipHits.resetSeconds,
    });
  }
  const code = String(randomInt(0, 10 ** OTP.digits)).padStart(OTP.digits, '0');
  await repo.replaceCode({
    userId: row.id,
    phone: row.phone,
    codeHash: phoneCodeHash(deps.config.tokenPepper, row.id, row.phone, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + OTP.ttlMs),
    ip: input.ip,
  });
  try {
    await deps.sms.send({ to: row.phone, body: otpSms(code) });
  } catch (err) {
    deps.log.warn({ err: (err as Error).message, userId: row.id }, 'sms code not sent');
    throw new AppError('UNAVAILABLE', 'We could not send the text message. Please try again later.');
  }
  return { sent: true as const, resendSeconds: OTP.resendSeconds };
}
