import type { SplitVerdict } from '@roundup/shared';
import type { Notifier, UpwardReads } from '../../context';
import { confirmationFacts } from '../confirmations/queries';
import { getSplitRisk } from '../splits/service';
import type { Db } from '../../db/client';
import type { NotificationsRepo } from './repo';
import { eventsForSplitChange, termsChanged, type EventKind } from './rules';
import { ALERT_AUDIENCES, alertKind, previewSplitAlert } from './preview';
import { withConfirmation } from './split-payload';
import type { RaiseInput } from './raise-event';
import { raiseMemberNotice } from './raise-member-notice';

const verdictFields = (v: SplitVerdict) => ({
  brokerId: v.brokerId,
  brokerName: v.brokerName,
  outcome: v.outcome,
  members: v.members,
  firstAt: v.firstAt,
});

/**
 * The notifier split changes call in their own transaction (ctx.notifier): the events a change raises,
 * and once per split the confirmation. A change's alerts are held for `graceSeconds` (the event's
 * release time, which the worker respects, so the hold survives a restart and works with any number of
 * workers); a later change of the same split inside the grace replaces them, a delete or Undo removes them.
 */
export function splitNotifier(deps: {
  repo: NotificationsRepo;
  raise: (input: RaiseInput) => Promise<unknown>;
  clock: () => Date;
  graceSeconds: number;
  db: Db;
  appUrl: string;
  upward: Pick<UpwardReads, 'splitsWithClawedBackShares'>;
}): Notifier {
  const { repo, raise } = deps;
  return {
    async splitChanged(tx, event) {
      const now = deps.clock();
      const held = deps.graceSeconds > 0 ? await repo.cancelHeldAlerts(tx, event.splitId, now) : [];
      const kinds = new Set<EventKind>(eventsForSplitChange(event));
      // An announcement nobody has had yet goes out once, with the terms as they are at release.
      const announceable = event.kind !== 'deleted' && event.status === 'Upcoming';
      const reannounced = held.filter((k) => announceable && (k === 'rsa' || k === 'upcomingRsa'));
      for (const k of reannounced) kinds.add(k);
      // The held announcement already carries the new terms: no second message about them.
      const terms = reannounced.length > 0 ? null : termsChanged(event);
      if (kinds.size === 0 && !terms) return null;
      const row = await repo.split(tx, event.splitId);
      if (!row) return null;
      const [confirmed] = await withConfirmation(tx, [row]);
      // Alerts about a split are Pro only: they carry its issuer risk when any reason applies.
      const risk = await getSplitRisk({ db: tx, upward: deps.upward }, { splitId: event.splitId });
      const split = risk && risk.level !== 'normal' ? { ...confirmed, risk } : confirmed;
      const until = new Date(now.getTime() + deps.graceSeconds * 1000);
      const hold = deps.graceSeconds > 0 ? { until, splitId: event.splitId } : undefined;
      for (const kind of kinds) {
        await raise({ tx, key: `${kind}:${event.splitId}`, kind, payload: split, opts: { discord: kind === 'rsa', hold } });
      }
      // The members holding the split hear of its new terms once per set of terms, in this transaction.
      if (terms)
        await raise({
          tx,
          key: `terms:${event.splitId}:${split.buyDate}:${split.effDate}:${split.ratio}`,
          kind: 'termsChanged',
          payload: { ...split, changes: terms },
          opts: { immediate: true, holdersOf: event.splitId, hold },
        });
      return hold ? until : null;
    },
    async previewSplitChange(event, split) {
      // As splitChanged does: an announcement still held goes out once, with these terms.
      const held =
        deps.graceSeconds > 0 && event.previousStatus !== null && event.status === 'Upcoming'
          ? await repo.heldAlertKinds(deps.db, split.splitId, deps.clock())
          : [];
      const reannounced = held.find((k): k is 'rsa' | 'upcomingRsa' => k === 'rsa' || k === 'upcomingRsa');
      const kind = reannounced ?? alertKind(event.previousStatus, event.status, event.changes);
      if (!kind) return null;
      // A terms-changed alert carries the terms that changed (as raised above), not every edited field.
      const terms = kind === 'termsChanged' ? (termsChanged({ kind: 'updated', ...event }) ?? undefined) : undefined;
      const message = previewSplitAlert(kind, split, { appUrl: deps.appUrl, changes: terms });
      const holdersOf = kind === 'termsChanged' ? split.splitId : undefined;
      const reach = await repo.audience(deps.db, kind, undefined, holdersOf);
      return { alert: { audience: ALERT_AUDIENCES[kind], ...message }, recipients: reach.recipients };
    },
    async undoSplitAlerts(tx, splitId) {
      return (await repo.cancelHeldAlerts(tx, splitId, deps.clock())).length;
    },
    // Once per split, broker and outcome (the key, and the verdict's own unique row before it).
    async splitVerdict(tx, v) {
      // "Sell as NEWT (was OLDT)": the symbol the exchange lists the shares under after the split, when known.
      const post = await confirmationFacts(tx).postSplitFor([{ id: v.splitId, ticker: v.ticker }]);
      const postSplit = post.get(v.splitId) ?? null;
      const payload = { splitId: v.splitId, ticker: v.ticker, name: v.name, postSplit, ...verdictFields(v) };
      const verdictOf = { splitId: v.splitId, brokerId: v.brokerId, outcome: v.outcome };
      const key = `verdict:${v.splitId}:${v.brokerId}:${v.outcome}`;
      await raise({ tx, key, kind: 'splitVerdict', payload, opts: { immediate: true, verdictOf } });
    },
    // Once per split (the key): a second poll, tab or replay raises nothing.
    async splitConfirmed(tx, event) {
      const row = await repo.split(tx, event.splitId);
      if (!row) return;
      const [split] = await withConfirmation(tx, [row]);
      const opts = { immediate: true, holdersOf: event.splitId };
      await raise({ tx, key: `confirmed:${event.splitId}`, kind: 'splitConfirmed', payload: split, opts });
    },
    // Once per follower and entry (the key), in the transaction that moved the entry on.
    async watchlistProposed(tx, event) {
      const { entryId, userIds, ...payload } = event;
      for (const userId of userIds)
        await raiseMemberNotice(deps, { tx, key: `watchlist:${entryId}:${userId}`, kind: 'watchlistProposed', userId, payload });
    },
  };
}
