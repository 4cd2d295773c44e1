import { z } from 'zod';
import { uuidId } from './input';
import { COMM_TYPES, LIMITS, SMS_AUDIENCES } from './domain';

export const SMS_MESSAGE_REQUIRED = 'Please enter a message.';
export const SMS_MESSAGE_MAX = 1600;

/** POST /api/comms/send-sms (product.md#api). */
export const sendSmsRequest = z.object({
  message: z
    .string({ error: SMS_MESSAGE_REQUIRED })
    .trim()
    .min(1, SMS_MESSAGE_REQUIRED)
    .max(SMS_MESSAGE_MAX, `A message can be at most ${SMS_MESSAGE_MAX} characters.`),
  audience: z.enum(SMS_AUDIENCES, { error: 'Choose the audience: All or Pro.' }),
});
export type SendSmsRequest = z.infer<typeof sendSmsRequest>;

/** GET /api/comms/sms-audience?audience=All|Pro: how many members an admin SMS would reach now (asked before sending). */
export const smsAudienceQuery = z.object({ audience: z.enum(SMS_AUDIENCES, { error: 'Choose the audience: All or Pro.' }) });
export const smsAudienceResponse = z.object({ recipients: z.number().int() });

/**
 * Announcements (beyond product.md#api): a general announcement or a newsletter, sent to the members
 * whose matching notification setting is on (generalRsa / newsletter).
 */
export const ANNOUNCEMENT_KINDS = ['general', 'newsletter'] as const;
export type AnnouncementKind = (typeof ANNOUNCEMENT_KINDS)[number];
export const ANNOUNCEMENT_LABELS: Record<AnnouncementKind, string> = {
  general: 'General announcement',
  newsletter: 'Newsletter',
};
export const ANNOUNCEMENT_SUBJECT_MAX = 150;
export const ANNOUNCEMENT_MESSAGE_MAX = 5000;
export const ANNOUNCEMENT_SUBJECT_REQUIRED = 'Please enter a subject.';
export const ANNOUNCEMENT_MESSAGE_REQUIRED = SMS_MESSAGE_REQUIRED;

const announcementKind = z.enum(ANNOUNCEMENT_KINDS, { error: 'Choose the kind: General announcement or Newsletter.' });

/**
 * POST /api/comms/send-announcement. `requestId` is made by the client once per announcement
 * (an idempotency key): sending the same id again — a double click, a retry after a timeout —
 * answers the first result and sends nothing more.
 */
export const sendAnnouncementRequest = z.object({
  requestId: uuidId('The request id must be a UUID.'),
  kind: announcementKind,
  subject: z
    .string({ error: ANNOUNCEMENT_SUBJECT_REQUIRED })
    .trim()
    .min(1, ANNOUNCEMENT_SUBJECT_REQUIRED)
    .max(ANNOUNCEMENT_SUBJECT_MAX, `A subject can be at most ${ANNOUNCEMENT_SUBJECT_MAX} characters.`)
    .refine((s) => !/[\r\n]/.test(s), 'A subject must be one line.'),
  message: z
    .string({ error: ANNOUNCEMENT_MESSAGE_REQUIRED })
    .trim()
    .min(1, ANNOUNCEMENT_MESSAGE_REQUIRED)
    .max(ANNOUNCEMENT_MESSAGE_MAX, `A message can be at most ${ANNOUNCEMENT_MESSAGE_MAX.toLocaleString('en-US')} characters.`),
});
export type SendAnnouncementRequest = z.infer<typeof sendAnnouncementRequest>;

/** GET /api/comms/audience?kind=…: who an announcement would reach now. */
export const announcementAudienceQuery = z.object({ kind: announcementKind });

export const announcementAudience = z.object({
  /** Members who get it on at least one channel. */
  recipients: z.number().int(),
  /** Messages per channel (a member may get email and SMS). */
  channels: z.object({ email: z.number().int(), sms: z.number().int(), whatsapp: z.number().int() }),
});
export type AnnouncementAudience = z.infer<typeof announcementAudience>;

export const sendAnnouncementResult = z.object({
  recipients: z.number().int(),
  messageCount: z.number().int(),
  /** True when this requestId was sent before: nothing new was sent. */
  duplicate: z.boolean(),
});
export type SendAnnouncementResult = z.infer<typeof sendAnnouncementResult>;

/** POST /api/comms/send-sms: messages queued. */
export const sendSmsResult = z.object({ messageCount: z.number().int() });

/** Types of the communications list: the SMS (product.md#stored) plus the announcements. */
export const COMMUNICATION_TYPES = [...COMM_TYPES, ...ANNOUNCEMENT_KINDS] as const;

/** product.md#stored Communication, as GET /api/comms lists it. */
export const communicationSchema = z.object({
  _id: z.string(),
  type: z.string(),
  sender: z.string(),
  createdDate: z.string(),
  message: z.string(),
  audience: z.string().nullable(),
  messageCount: z.number().int(),
  /** Announcements only. */
  subject: z.string().nullable(),
  /** Announcements only: members reached (messageCount counts every channel). */
  recipients: z.number().int().nullable(),
});
export type Communication = z.infer<typeof communicationSchema>;

/** `skipped`: not sent because the member was no longer eligible when the worker picked it up. */
export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;
export const deliveryStatusQuery = z.object({ status: z.enum(DELIVERY_STATUSES).optional() });

/** One notification delivery as admins see it. */
export const deliverySchema = z.object({
  _id: z.string(),
  key: z.string(),
  kind: z.string(),
  channel: z.string(),
  recipient: z.string(),
  username: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  providerId: z.string().nullable(),
  /** The provider's error (failed), or why it was not sent (skipped). */
  error: z.string().nullable(),
  createdDate: z.string(),
  sentDate: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** GET /api/notifications/deliveries: the latest 200 deliveries (newest first) and the count per status. */
export const deliveryListResponse = z.object({
  counts: z.record(z.string(), z.number().int()),
  deliveries: z.array(deliverySchema),
});

/** GET /api/rs/send-update: today's reminders queued now (a second press queues nothing). */
export const sendRemindersResponse = z.object({
  msg: z.string(),
  date: z.string(),
  tickers: z.array(z.string()),
  newReminders: z.number().int(),
});

/**
 * GET /api/rs/send-update/preview: what "Send daily reminders" would do now, asked before it sends.
 * `closed`: today's buy-by deadline has passed and the button refuses; `msg` is the question or the refusal.
 */
export const remindersPreviewResponse = z.object({
  date: z.string(),
  tickers: z.array(z.string()),
  /** Members the buy reminders reach on at least one channel (0 when nothing is bought today). */
  recipients: z.number().int(),
  /** The buy-by close of today's splits (UTC instant), or null when none is bought today. */
  closesAt: z.string().nullable(),
  closed: z.boolean(),
  msg: z.string(),
});
export type RemindersPreview = z.infer<typeof remindersPreviewResponse>;

/** What the local stand-ins "sent" (GET /api/outbox, admins). */
export const outboxMessage = z.object({
  _id: z.string(),
  channel: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdDate: z.string(),
});

/** SMS length in 70-character segments (product.md#limits). */
export function smsSegmentCount(message: string): number {
  const chars = [...message].length;
  return chars === 0 ? 0 : Math.ceil(chars / LIMITS.smsSegment);
}
