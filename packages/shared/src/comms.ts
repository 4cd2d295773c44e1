import { z } from 'zod';
import { LIMITS, SMS_AUDIENCES } from './domain';

export const SMS_MESSAGE_REQUIRED = 'Please enter a message.';
export const SMS_MESSAGE_MAX = 1600;

/** POST /api/comms/send-sms (SPEC §7). */
export const sendSmsRequest = z.object({
  message: z.string({ error: SMS_MESSAGE_REQUIRED }).trim().min(1, SMS_MESSAGE_REQUIRED).max(SMS_MESSAGE_MAX, `A message can be at most ${SMS_MESSAGE_MAX} characters.`),
  audience: z.enum(SMS_AUDIENCES, { error: 'Choose the audience: All or Pro.' }),
});
export type SendSmsRequest = z.infer<typeof sendSmsRequest>;

/** SPEC §3 Communication, as GET /api/comms lists it. */
export interface Communication {
  _id: string;
  type: string;
  sender: string;
  createdDate: string;
  message: string;
  audience: string | null;
  messageCount: number;
}

export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export const deliveryStatusQuery = z.object({ status: z.enum(DELIVERY_STATUSES).optional() });

/** SMS length in 70-character segments (SPEC §9). */
export function smsSegmentCount(message: string): number {
  const chars = [...message].length;
  return chars === 0 ? 0 : Math.ceil(chars / LIMITS.smsSegment);
}
