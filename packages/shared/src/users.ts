import { z } from 'zod';
import { emailSchema, notificationsSchema, passwordSchema, publicUser } from './auth';
import { timeZoneSchema } from './deadline';

/** POST /api/users/update-self takes one of three shapes (product.md#api). */
export const updateProfileRequest = z.object({
  username: z.string().optional(),
  email: emailSchema,
  phone: z.string().trim().max(32).optional().nullable(),
  /** The current password; required when `email` changes. */
  password: z.string().max(1024).optional(),
});
/**
 * Whether ending every session also revokes the member's personal API tokens: optional,
 * true when left out. A password reset always revokes them.
 */
export const revokeTokensField = z
  .boolean({ error: 'revokeTokens must be true or false' })
  .optional()
  .default(true)
  .describe('Also revoke every personal API token (default true)');
export const updatePasswordRequest = z.object({
  newPassword: passwordSchema,
  password: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(1024),
  revokeTokens: revokeTokensField,
});
export const updateNotificationsRequest = z.object({ notifications: notificationsSchema.partial() });
/** POST /api/users/update-self `{ timeZone }`: the member's own time zone, an IANA name. */
export const updateTimeZoneRequest = z.object({ timeZone: timeZoneSchema });

/** POST /api/users/verify-otp (product.md#api; codes are 6 to 7 digits, product.md#limits). */
export const verifyOtpRequest = z.object({
  otp: z
    .string({ error: 'Enter the code we sent you.' })
    .trim()
    .regex(/^\d{6,7}$/, 'Enter the 6-digit code we sent you.'),
});

/**
 * POST /api/users/update-self answers the member; a password change also a fresh session token for
 * this tab (every other session ended), an email change a message about the confirmation link.
 */
export const updateSelfResponse = z.object({
  user: publicUser,
  token: z.string().optional(),
  msg: z.string().optional(),
});
/** GET /api/users/send-sms-otp: a code was texted; another may be asked for after resendSeconds. */
export const sendOtpResponse = z.object({ sent: z.literal(true), resendSeconds: z.number().int() });
/** POST /api/users/resend-verification: what to tell the member, and when another link may be asked for (0: already verified). */
export const resendVerificationResponse = z.object({ msg: z.string(), resendSeconds: z.number().int() });
export type ResendVerificationResponse = z.infer<typeof resendVerificationResponse>;
export const verifyOtpResponse = z.object({ phone_validated: z.literal(true) });
/** GET /api/users/phone-code: a texted code still waiting to be entered (a reloaded page offers its field again). */
export const phoneCodeStatus = z.object({
  pending: z.boolean().meta({ description: 'A code sent to the current number can still be entered' }),
  codesSent: z.number().int().meta({ description: 'Codes sent in the last 24 hours (at most 3)' }),
  resendSeconds: z.number().int().meta({ description: 'Seconds until a new code may be asked for (0: now)' }),
});
export type PhoneCodeStatus = z.infer<typeof phoneCodeStatus>;
