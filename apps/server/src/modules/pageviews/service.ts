import { todayInMarket, type PageViewSummary } from '@roundup/shared';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/app-error';
import { pageViewsRepo } from './repo';
import { normalizePagePath, summaryWindow } from './rules';

/** First-party page views: the path and, when signed in, the user id — nothing else. */
export function pageViewsService(ctx: AppContext) {
  const repo = pageViewsRepo(ctx.database.db);
  return {
    async record(rawPath: string, userId: string | null): Promise<{ path: string }> {
      const path = normalizePagePath(rawPath);
      if (!path) throw badRequest('path must be a page path such as /learn');
      await repo.insert(path, userId);
      return { path };
    },
    async summary(days = 30): Promise<PageViewSummary> {
      const now = ctx.clock();
      const { from, to } = summaryWindow(todayInMarket(now), days);
      // Start a day early in UTC, then keep New York days inside the window.
      const since = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000);
      const rows = (await repo.perDay(since)).filter((r) => r.day >= from && r.day <= to);
      const totalsMap = new Map<string, number>();
      for (const r of rows) totalsMap.set(r.path, (totalsMap.get(r.path) ?? 0) + r.views);
      const totals = [...totalsMap.entries()]
        .map(([path, views]) => ({ path, views }))
        .sort((a, b) => b.views - a.views || a.path.localeCompare(b.path));
      return { from, to, days: rows, totals, total: totals.reduce((s, t) => s + t.views, 0) };
    },
  };
}
