import { z } from 'zod';
import { ROLES } from './permissions';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** A short deny-list of the most common passwords (lower-cased). */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  'password',
  'password1',
  'password12',
  'password123',
  'password!',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  '11111111',
  '00000000',
  '12341234',
  '123123123',
  'qwertyui',
  'qwerty123',
  'qwertyuiop',
  '1q2w3e4r',
  '1qaz2wsx',
  'zaq12wsx',
  'asdfghjk',
  'asdfasdf',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'superman',
  'trustno1',
  'whatever',
  'starwars',
  'dragon12',
  'master12',
  'letmein1',
  'welcome1',
  'welcome123',
  'admin123',
  'administrator',
  'abc12345',
  'abcd1234',
  'changeme',
  'computer',
  'internet',
  'michelle',
  'jennifer',
  'shadow12',
  'monkey12',
  'charlie1',
  'qwerty12',
  'aa123456',
  'lovely12',
  'hello123',
  'freedom1',
  'roundup1',
  'roundup123',
  'stocks123',
  'money123',
  'trading1',
]);

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .refine((p) => !COMMON_PASSWORDS.has(p.toLowerCase()), {
    message: 'That password is too common; choose another',
  });

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,30}$/;
export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .regex(USERNAME_PATTERN, 'Username must be 3–30 letters, digits, dots, dashes or underscores');

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Please enter a valid email address' }));

export const registerRequest = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  refId: z.string().trim().max(64).optional().nullable(),
  consent: z.literal(true, { error: 'You must agree to the Terms of Service and Privacy Policy' }),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const loginRequest = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});

export const validateEmailRequest = z.object({
  email_validation_code: z.string().trim().min(1, 'Validation code is required').max(200),
});

export const requestPasswordResetRequest = z.object({ email: emailSchema });

export const resetPasswordRequest = z.object({
  password: passwordSchema,
  password_reset_code: z.string().trim().min(1, 'Reset code is required').max(200),
});

export const notificationsSchema = z.object({
  rsa: z.boolean(),
  upcomingRsa: z.boolean(),
  buyReminderRsa: z.boolean(),
  sellRsa: z.boolean(),
  generalRsa: z.boolean(),
  newsletter: z.boolean(),
  rsaWhatsapp: z.boolean(),
  rsaSMS: z.boolean(),
  rsaEmail: z.boolean(),
  /** Which buy-day reminders: at the open, and an hour before the close. */
  buyReminderOpen: z.boolean(),
  buyReminderClose: z.boolean(),
  /** The weekly reconciliation digest email: opt-in, off by default. */
  reconcileDigest: z.boolean(),
  /** A split's verdict at a broker where the member's round-up is still pending (decision 044): on by default. */
  verdicts: z.boolean(),
});
export type Notifications = z.infer<typeof notificationsSchema>;
export const NOTIFICATION_KEYS = Object.keys(notificationsSchema.shape) as (keyof Notifications)[];

/** The user as the API shows it to its owner (product.md#stored User). */
export const publicUser = z.object({
  _id: z.string(),
  id: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  phone_validated: z.boolean(),
  email_validated: z.boolean(),
  role: z.enum(ROLES),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  subscriptionTier: z.string(),
  referrer: z.string().nullable(),
  createdDate: z.string(),
  last_login_date: z.string().nullable(),
  memberSince: z.string().nullable(),
  notifications: notificationsSchema,
  /** The member's own time zone (IANA name; America/New_York unless they chose another). */
  timeZone: z.string(),
  /** A new email the member asked for and has not confirmed yet. */
  pending_email: z.string().optional(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const authResponse = z.object({ user: publicUser, token: z.string() });
export type AuthResponse = z.infer<typeof authResponse>;
export const meResponse = z.object({ user: publicUser });
