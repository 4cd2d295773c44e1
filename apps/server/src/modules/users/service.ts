import { randomInt } from 'node:crypto';
import type { Notifications } from '@roundup/shared';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../http/app-error';
import type { Principal } from '../../http/auth';
import { hashToken, safeEqual } from '../../lib/tokens';
import { notificationColumns, toPublicUser, usersRepo } from './repo';
import { allowedCountries, canSendCode, checkPhone, codeState, OTP, OTP_MESSAGES, otpSms } from './rules';

export function usersService(ctx: AppContext) {
  const repo = usersRepo(ctx.database.db);

  async function self(userId: string) {
    const row = await repo.byId(userId);
    if (!row) throw notFound('User not found');
    return toPublicUser(row, await repo.referrerUsername(row));
  }

  const codeHash = (userId: string, phone: string, code: string) =>
    hashToken(ctx.config.tokenPepper, `otp:${userId}:${phone}:${code}`);

  return {
    self,

    /** GET /api/users/send-sms-otp: a new 6-digit code by SMS (limits per user, per number and per IP). */
    async sendPhoneCode(principal: Principal, ip: string) {
      const row = await repo.byId(principal.user.id);
      if (!row) throw notFound('User not found');
      if (!row.phone) throw badRequest('Add a phone number to your profile first.');
      if (row.phoneValidated) throw badRequest('Your phone number is already validated.');
      const now = ctx.clock();
      const since = new Date(now.getTime() - OTP.windowMs);
      const decision = canSendCode({
        now,
        userCodes: await repo.codesSince(row.id, since),
        numberCount: await repo.countCodesToPhoneSince(row.phone, since),
      });
      if (!decision.ok) throw new AppError('RATE_LIMITED', decision.msg);
      const ipHits = await ctx.limiter.hit(`otp-ip:${ip}`, 3600);
      if (ipHits.count > OTP.maxPerIpPerHour) {
        throw new AppError('RATE_LIMITED', 'Too many codes were requested from your network. Please try again later.', {
          retryAfterSeconds: ipHits.resetSeconds,
        });
      }
      const code = String(randomInt(0, 10 ** OTP.digits)).padStart(OTP.digits, '0');
      await repo.replaceCode({
        userId: row.id,
        phone: row.phone,
        codeHash: codeHash(row.id, row.phone, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + OTP.ttlMs),
        ip,
      });
      try {
        await ctx.sms.send({ to: row.phone, body: otpSms(code) });
      } catch (err) {
        ctx.log.warn({ err: (err as Error).message, userId: row.id }, 'sms code not sent');
        throw new AppError('UNAVAILABLE', 'We could not send the text message. Please try again later.');
      }
      return { sent: true as const, resendSeconds: OTP.resendSeconds };
    },

    /** POST /api/users/verify-otp. */
    async verifyPhoneCode(principal: Principal, otp: string) {
      const row = await repo.byId(principal.user.id);
      if (!row) throw notFound('User not found');
      if (row.phoneValidated) return { phone_validated: true as const };
      const now = ctx.clock();
      const code = await repo.latestCode(row.id);
      const state = codeState(code, now, row.phone);
      if (state !== 'usable' || !code) throw badRequest(OTP_MESSAGES[state === 'usable' ? 'none' : state]);
      const attempts = await repo.addCodeAttempt(code.id);
      if (attempts > OTP.maxTries) throw badRequest(OTP_MESSAGES.dead);
      if (!safeEqual(codeHash(row.id, code.phone, otp.trim()), code.codeHash)) {
        throw badRequest(attempts >= OTP.maxTries ? OTP_MESSAGES.dead : OTP_MESSAGES.wrong);
      }
      const ok = await repo.consumeCode(code.id, row.id, code.phone, now);
      if (!ok) throw badRequest(OTP_MESSAGES.none);
      return { phone_validated: true as const };
    },

    /**
     * Personal info: the phone number. The username never changes (privacy policy); a new email goes
     * through the auth module's confirmed change (requestEmailChange).
     */
    async updateProfile(principal: Principal, input: { phone?: string | null }) {
      const row = await repo.byId(principal.user.id);
      if (!row) throw notFound('User not found');
      const changes: Parameters<typeof repo.update>[1] = {};
      let phone = input.phone?.trim() || null;
      if (phone !== null) {
        const checked = checkPhone(phone, allowedCountries(ctx.config.SMS_ALLOWED_COUNTRIES));
        if (!checked.ok) throw new AppError('VALIDATION', checked.msg);
        phone = checked.e164;
      }
      if (phone !== row.phone) {
        changes.phone = phone;
        changes.phoneValidated = false;
      }
      if (Object.keys(changes).length > 0) await repo.update(row.id, changes);
      return self(row.id);
    },

    /** The member's own time zone (an IANA name, already checked by the shared schema). */
    async updateTimeZone(principal: Principal, timeZone: string) {
      await repo.update(principal.user.id, { timeZone });
      return self(principal.user.id);
    },

    async updateNotifications(principal: Principal, notifications: Partial<Notifications>) {
      const cols = notificationColumns(notifications);
      if (Object.keys(cols).length > 0) await repo.update(principal.user.id, cols);
      return self(principal.user.id);
    },
  };
}
export type UsersService = ReturnType<typeof usersService>;
