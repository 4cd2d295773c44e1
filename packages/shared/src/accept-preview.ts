import { z } from 'zod';
import { EXCHANGES } from './deadline';
import { RS_TYPES, SPLIT_STATUSES } from './domain';

/**
 * What accepting a discovery proposal would publish: the split as members will see
 * it, the alert they will receive (null when none goes out), and the problems that make the server
 * refuse the accept. POST /api/admin/discoveries/preview answers it; nothing is written.
 */
export const acceptPreviewSchema = z.object({
  split: z.object({
    name: z.string().nullable(),
    ticker: z.string().nullable(),
    ratio: z.number().nullable(),
    price: z.number().nullable(),
    estProfit: z.number().nullable(),
    buyDate: z.string().nullable(),
    effDate: z.string().nullable(),
    status: z.enum(SPLIT_STATUSES),
    rsType: z.enum(RS_TYPES),
    caution: z.boolean(),
    /** Where the shares are listed: the deadline and halt the alert states; null while unknown. */
    exchange: z.enum(EXCHANGES).nullable(),
  }),
  /** True when the accept updates the split an earlier filing created. */
  updates: z.boolean(),
  alert: z
    .object({
      audience: z.string(),
      subject: z.string(),
      text: z.string(),
      short: z.string(),
    })
    .nullable(),
  problems: z.array(z.object({ msg: z.string(), path: z.string().optional() })),
});
export type AcceptPreview = z.infer<typeof acceptPreviewSchema>;

/**
 * What saving a split by hand would do (POST /api/rs/preview): the gate's refusals (the texts the save
 * would answer 400 with), the alert members would get, rendered as the send renders it (null when the
 * save alerts nobody), and how many members it would reach now. Nothing is written.
 */
export const splitPreviewSchema = z.object({
  alert: acceptPreviewSchema.shape.alert,
  recipients: z.number().int(),
  problems: acceptPreviewSchema.shape.problems,
});
export type SplitPreview = z.infer<typeof splitPreviewSchema>;
