import { api } from './api-client';
import { earlyAskedAt } from './early-data';

/**
 * Query options that start a query with the answer the page's early script brought (src/early-data.js), when it
 * had arrived by the time the app started: the first render then draws the page with its data, rather than a
 * spinner and then the page once per answer. The answer is dated when it was asked, so the query's stale time
 * counts from then; with no early answer the query fetches as it always does.
 */
export function earlyAnswer<T, R = T>(path: string, select: (data: T) => R = (data) => data as unknown as R) {
  return {
    initialData: (): R | undefined => {
      const data = api.early<T>(path);
      return data === undefined ? undefined : select(data);
    },
    initialDataUpdatedAt: earlyAskedAt,
  };
}
