import type { Db } from '../../db/client';
import type { VerdictAudience } from './fanout-repo';
import type { NotificationsRepo } from './repo';
import type { EventKind } from './rules';

/** What the notification use cases share: the module's repo, the database and the clock. */
export interface NotificationDeps {
  db: Db;
  repo: NotificationsRepo;
  clock: () => Date;
}

export interface RaiseOptions {
  proOnlyAudience?: boolean;
  discord?: boolean;
  immediate?: boolean;
  holdersOf?: string;
  /** Only the members still pending at a verdict's broker, less those who reported it (decision 044). */
  verdictOf?: VerdictAudience;
  /** Held until `until` (a split alert's grace period): its deliveries wait, and cancelHeldAlerts can remove it. */
  hold?: { until: Date; splitId: string };
}

export interface RaiseInput {
  tx: Db;
  key: string;
  kind: EventKind;
  payload: Record<string, unknown>;
  opts?: RaiseOptions;
}

/**
 * Raises one event; a no-op when the event was raised before (its key exists). By default the
 * event commits with `tx` and the worker fans it out in chunks (expandFanouts); `immediate`
 * materialises every delivery inside `tx` (small audiences, e.g. an admin SMS, whose count is shown).
 */
export async function raiseEvent(
  deps: Pick<NotificationDeps, 'repo' | 'clock'>,
  { tx, key, kind, payload, opts = {} }: RaiseInput,
): Promise<{ eventId: string | null; queued: number }> {
  const { repo } = deps;
  const now = deps.clock();
  const eventId = await repo.createEvent(tx, key, kind, payload, now, {
    pending: !opts.immediate,
    proOnlyAudience: opts.proOnlyAudience,
    hold: opts.hold,
  });
  if (!eventId) return { eventId: null, queued: 0 };
  let queued = opts.immediate
    ? await repo.fanOut(tx, {
        eventId,
        eventKey: key,
        kind,
        now,
        proOnlyAudience: opts.proOnlyAudience,
        holdersOf: opts.holdersOf,
        verdictOf: opts.verdictOf,
      })
    : 0;
  if (opts.discord) {
    queued += await repo.insertDeliveries(
      tx,
      [{ idemKey: `${key}:-:discord`, eventId, userId: null, channel: 'discord', recipient: 'discord' }],
      now,
    );
  }
  if (opts.hold && queued > 0) await repo.holdDeliveries(tx, eventId, opts.hold.until);
  return { eventId, queued };
}
