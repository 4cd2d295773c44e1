import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  meResponse,
  phoneCodeStatus,
  sendOtpResponse,
  updateNotificationsRequest,
  updatePasswordRequest,
  updateProfileRequest,
  updateSelfResponse,
  updateTimeZoneRequest,
  verifyOtpRequest,
  verifyOtpResponse,
} from '@roundup/shared';
import { AppError } from '../../http/app-error';
import { requireUser } from '../../http/auth';
import { limit } from '../../http/rate-limit';
import { answers } from '../../http/openapi';
import type { PublicUser } from '@roundup/shared';
import type { Principal } from '../../http/auth';
import type { UsersService } from './service';

/**
 * What update-self needs from sign-in security; app.ts passes the auth service. Declared here so
 * that users does not depend on auth (auth uses users/queries.ts for the member records).
 */
export interface AccountSecurity {
  changePassword(
    principal: Principal,
    currentPassword: string,
    newPassword: string,
    meta: { userAgent?: string | null },
    opts: { revokeTokens?: boolean },
  ): Promise<{ user: PublicUser; token: string }>;
  /** Checks the password and the new address; answers the message to show, or null when nothing changes. */
  requestEmailChange(principal: Principal, newEmail: string, password: string | undefined): Promise<string | null>;
}

/** update-self takes one of three payloads (product.md#api); which one is decided by its keys. */
const updateSelfBody = z.union([updatePasswordRequest, updateNotificationsRequest, updateTimeZoneRequest, updateProfileRequest]);

function pickShape(body: Record<string, unknown>) {
  if ('newPassword' in body) return updatePasswordRequest.safeParse(body);
  if ('notifications' in body) return updateNotificationsRequest.safeParse(body);
  if ('timeZone' in body && !('email' in body)) return updateTimeZoneRequest.safeParse(body);
  return updateProfileRequest.safeParse(body);
}

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; auth: AccountSecurity }> = async (
  app,
  { users, auth },
) => {
  app.get(
    '/api/users/self',
    { schema: { tags: ['users'], summary: 'Your profile', response: answers(meResponse) } },
    async (req) => ({
      user: await users.self(requireUser(req).user.id),
    }),
  );

  app.post(
    '/api/users/update-self',
    {
      schema: {
        tags: ['users'],
        summary: 'Change your profile, your password or your notification settings',
        description: [
          'One of three bodies, told apart by their keys: `{ newPassword, password, revokeTokens? }` changes the password',
          '(every session ends; the answer has a fresh `token` for this tab; `revokeTokens`, a boolean that defaults to',
          'true, also revokes every personal API token; an email to the member says what was revoked);',
          '`{ notifications: { … } }` changes alert settings; `{ timeZone }` (an IANA name such as America/Chicago)',
          'sets the time zone deadlines are also shown in;',
          'otherwise `{ email, phone?, password? }` changes the profile (a new email needs the current password and is',
          'confirmed from a link; the answer has a `msg` about it).',
        ].join(' '),
        body: z
          .record(z.string(), z.unknown())
          .describe(updateSelfBody.description ?? 'profile, password or notifications')
          .meta({ examples: [{ notifications: { rsaSMS: true, newsletter: true } }] }),
        response: answers(updateSelfResponse),
      },
      config: limit(60, '15 minutes'),
    },
    async (req) => {
      const principal = requireUser(req);
      const parsed = pickShape(req.body);
      if (!parsed.success) {
        const msgs = parsed.error.issues.map((i) => i.message);
        throw new AppError('VALIDATION', msgs[0], { messages: msgs });
      }
      const body = parsed.data;
      // A new password ends every session; the answer carries a fresh token for this tab.
      if ('newPassword' in body)
        return auth.changePassword(
          principal,
          body.password,
          body.newPassword,
          { userAgent: (req.headers['user-agent'] as string) ?? null },
          { revokeTokens: body.revokeTokens },
        );
      if ('notifications' in body) return { user: await users.updateNotifications(principal, body.notifications) };
      if ('timeZone' in body) return { user: await users.updateTimeZone(principal, body.timeZone) };
      // The password and the new address are checked before anything changes.
      const msg = await auth.requestEmailChange(principal, body.email, body.password);
      const user = await users.updateProfile(principal, body);
      return msg ? { user, msg } : { user };
    },
  );

  app.get(
    '/api/users/send-sms-otp',
    {
      schema: { tags: ['users'], summary: 'Text a code to your phone number', response: answers(sendOtpResponse) },
      config: limit(20, '1 hour'),
    },
    async (req) => users.sendPhoneCode(requireUser(req), req.ip),
  );

  app.get(
    '/api/users/phone-code',
    {
      schema: {
        tags: ['users'],
        summary: 'Whether a texted code is waiting to be entered (after a reload)',
        response: answers(phoneCodeStatus),
      },
    },
    async (req) => users.phoneCodeStatus(requireUser(req)),
  );

  app.post(
    '/api/users/verify-otp',
    {
      schema: {
        tags: ['users'],
        summary: 'Confirm your phone number with the texted code',
        body: verifyOtpRequest,
        response: answers(verifyOtpResponse),
      },
      config: limit(30, '15 minutes'),
    },
    async (req) => users.verifyPhoneCode(requireUser(req), req.body.otp),
  );
};
