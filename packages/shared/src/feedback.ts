import { z } from 'zod';
import { emailSchema } from './auth';

export const FEEDBACK_MAX = 5000;

export const newFeedbackRequest = z.object({
  email: emailSchema,
  feedback: z
    .string({ error: 'Feedback is required' })
    .trim()
    .min(1, 'Feedback is required')
    .max(FEEDBACK_MAX, `Feedback must be at most ${FEEDBACK_MAX} characters`),
});

export const feedbackItem = z.object({
  _id: z.string(),
  email: z.string(),
  feedback: z.string(),
  createdDate: z.string(),
});
export type FeedbackItem = z.infer<typeof feedbackItem>;
