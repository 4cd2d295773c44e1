import { LIMITS } from '@roundup/shared/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { embeddedData } from '../../lib/prerendered';

/** One row of `GET /api/rs/past` (product.md#api: rsType, ticker, effDate, ratio, price, avgProfit). */
export interface PastSplit {
  _id?: string;
  name?: string | null;
  rsType: string;
  ticker: string;
  effDate: string;
  ratio: number;
  price: number | string | null;
  avgProfit: number | string | null;
}

/** The response is "a list"; accept a bare array or one wrapped as { splits } / { past }. */
export function pastSplitsFrom(data: unknown): PastSplit[] {
  if (Array.isArray(data)) return data as PastSplit[];
  if (data && typeof data === 'object') {
    const wrapped = (data as { splits?: unknown; past?: unknown }).splits ?? (data as { past?: unknown }).past;
    if (Array.isArray(wrapped)) return wrapped as PastSplit[];
  }
  return [];
}

/** product.md#states: only rsType Round Up splits appear in the landing recent list; newest first, first 6 (product.md#limits). */
export function recentRoundUps(rows: readonly PastSplit[], limit: number = LIMITS.recentSplitsOnLanding): PastSplit[] {
  return rows
    .filter((r) => r.rsType === 'Round Up')
    .slice()
    .sort((a, b) => (a.effDate < b.effDate ? 1 : a.effDate > b.effDate ? -1 : 0))
    .slice(0, limit);
}

/** The query key of GET /api/rs/past; the server seeds it when it renders the landing (prerender.tsx). */
export const PAST_SPLITS_KEY = ['rs', 'past'] as const;

/**
 * The id of the `<script type="application/json">` in which the server puts the recent splits it rendered
 * the landing with (docs/decisions/015-prerendered-public-pages.md): the app's first render uses them, so
 * hydration renders the same table, then refetches.
 */
export const RECENT_SPLITS_DATA_ID = 'recent-splits-data';

/** The recent splits embedded in the page, if any. */
export const embeddedPastSplits = (doc?: Document): PastSplit[] | undefined =>
  embeddedData(RECENT_SPLITS_DATA_ID, (v) => (Array.isArray(v) ? pastSplitsFrom(v) : undefined), doc);

export function useRecentRoundUps() {
  return useQuery({
    queryKey: PAST_SPLITS_KEY,
    queryFn: async ({ signal }) => pastSplitsFrom(await api.get<unknown>('/api/rs/past', { signal })),
    select: (rows) => recentRoundUps(rows),
    // The splits the page was rendered with, if the server embedded them; stale at once, so fetched again on mount.
    initialData: () => embeddedPastSplits(),
    initialDataUpdatedAt: 0,
  });
}
