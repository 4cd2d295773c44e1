import type { FeedbackItem } from '@roundup/shared/feedback';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** TanStack Query hooks for the feedback admin screen (the Feedback button itself: app/layout/FeedbackPopover.tsx). */

export const feedbackKeys = {
  admin: ['admin', 'feedback'] as const,
};

export function useAdminFeedback() {
  return useQuery({
    queryKey: feedbackKeys.admin,
    queryFn: async ({ signal }) => (await api.get<{ feedback: FeedbackItem[] }>('/api/feedback', { signal })).feedback,
  });
}
