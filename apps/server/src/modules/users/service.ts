import type { Notifications } from '@roundup/shared';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../http/app-error';
import type { Principal } from '../../http/auth';
import { safeEqual } from '../../lib/tokens';
import { notificationColumns, toPublicUser, usersRepo } from './repo';
import { allowedCountries, checkPhone, codeState, OTP, OTP_MESSAGES } from './rules';
import { phoneCodeStatus } from './phone-code-status';
import { phoneCodeHash, sendPhoneCode } from './send-phone-code';

export function usersService(ctx: AppContext) {
  const repo = usersRepo(ctx.database.db);

  async function self(userId: string) {
    const row = await repo.byId(userId);
    if (!row) throw notFound('User not found');
    return toPublicUser(row, await repo.referrerUsername(row));
  }

  const codeHash = (userId: string, phone: string, code: string) => phoneCodeHash(ctx.config.tokenPepper, userId, phone, code);

  return {
    self,

    /** GET /api/users/send-sms-otp (send-phone-code.ts). */
    sendPhoneCode: (principal: Principal, ip: string) => sendPhoneCode(ctx, { userId: principal.user.id, ip }),

    /** GET /api/users/phone-code (phone-code-status.ts). */
    phoneCodeStatus: (principal: Principal) => phoneCodeStatus(ctx, { userId: principal.user.id }),

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
