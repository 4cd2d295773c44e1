import { marketClock, todayInMarket, type ConfirmationHistory, type ConfirmationSource } from '@roundup/shared';
import type { AppContext } from '../../context';
import { outboxDiscord, webhookDiscord } from '../../adapters/discord';
import { exchangeLists, type ExchangeLists } from '../../adapters/exchange-lists';
import type { SplitsLive } from '../splits/queries';
import { memberRecords } from '../users/queries';
import { notifyConflicts } from './notify-admins';
import { pollSources, type PollResult } from './poll-sources';
import { confirmationsRepo } from './repo';
import { resolveConflict } from './resolve-conflict';
import { confirmSlot } from './rules';

/** A poll holds its slot this long at most (a crashed one frees it). */
const POLL_LEASE_MS = 10 * 60_000;

/** The confirmation use cases, built once by app.ts (routes) and by the poller (decision 022). */
export function confirmationsService(
  ctx: AppContext,
  deps: { lists?: ExchangeLists; live?: Pick<SplitsLive, 'emitLocal'> } = {},
) {
  const { config } = ctx;
  const repo = confirmationsRepo(ctx.database.db);
  const lists =
    deps.lists ??
    exchangeLists(
      {
        nasdaqUrl: config.NASDAQ_DAILY_LIST_URL,
        finraUrl: config.FINRA_OTC_DAILY_LIST_URL,
        userAgent: config.SEC_USER_AGENT ?? `RoundUp ${config.appUrl}`,
      },
      () => todayInMarket(ctx.clock()),
    );
  const adminDiscord = config.DISCORD_ADMIN_WEBHOOK_URL
    ? webhookDiscord(config.DISCORD_ADMIN_WEBHOOK_URL)
    : outboxDiscord(ctx.database, undefined, 'discord-admin');
  const notify = () => notifyConflicts({ repo, ctx, adminDiscord });

  return {
    enabled: lists.sources.length > 0,
    sources: lists.sources,
    /**
     * One poll for the current slot (CONFIRM_POLL_MINUTES), once across processes; `slot` forces one
     * (tests, the admin's "check now"). Null when the slot was taken.
     */
    async runPoll(opts: { slot?: string } = {}): Promise<(PollResult & { slot: string; told: number }) | null> {
      const now = ctx.clock();
      const { date, minutes } = marketClock(now);
      const slot = opts.slot ?? confirmSlot(date, minutes, config.CONFIRM_POLL_MINUTES);
      if (!(await repo.claimSlot(slot, now, POLL_LEASE_MS))) return null;
      let result: PollResult = { entries: 0, matched: 0, changed: 0, errors: [] };
      let told = 0;
      try {
        result = await pollSources({ repo, notifier: ctx.notifier, lists, clock: ctx.clock });
        told = await notify();
      } catch (err) {
        result.errors.push((err as Error).message);
        ctx.log.error({ err, slot }, 'confirmation poll failed');
      }
      const error = result.errors.length ? result.errors.join('; ').slice(0, 1000) : null;
      await repo.finishSlot(slot, ctx.clock(), { entries: result.entries, matched: result.matched, error });
      ctx.log.info({ slot, ...result, told }, 'confirmation poll');
      return { slot, ...result, told };
    },
    resolve: (input: { splitId: string; note: string; actorId: string }) =>
      resolveConflict({ repo, notifier: ctx.notifier, clock: ctx.clock, live: deps.live }, input),
    async history(splitId: string): Promise<ConfirmationHistory> {
      const rows = await repo.history(splitId);
      const names = await memberRecords(ctx.database.db).usernames(rows.map((r) => r.actorId));
      return {
        events: rows.map((r) => ({
          at: r.at.toISOString(),
          kind: r.kind as ConfirmationHistory['events'][number]['kind'],
          source: (r.source as ConfirmationSource | null) ?? null,
          ratio: r.ratio,
          marketDate: r.marketDate,
          note: r.note,
          actor: r.actorId ? (names.get(r.actorId) ?? null) : null,
        })),
      };
    },
  };
}
export type ConfirmationsService = ReturnType<typeof confirmationsService>;
