import type { Notifier } from '../../context';
import type { NotificationsRepo } from './repo';
import { eventsForSplitChange, termsChanged } from './rules';
import { withConfirmation } from './split-payload';
import type { RaiseInput } from './raise-event';

/**
 * The notifier split changes call in their own transaction (ctx.notifier): the events a change raises,
 * and once per split the confirmation.
 */
export function splitNotifier(deps: { repo: NotificationsRepo; raise: (input: RaiseInput) => Promise<unknown> }): Notifier {
  const { repo, raise } = deps;
  return {
    async splitChanged(tx, event) {
      const kinds = eventsForSplitChange(event);
      const terms = termsChanged(event);
      if (kinds.length === 0 && !terms) return;
      const row = await repo.split(tx, event.splitId);
      if (!row) return;
      const [split] = await withConfirmation(tx, [row]);
      for (const kind of kinds) {
        await raise({ tx, key: `${kind}:${event.splitId}`, kind, payload: split, opts: { discord: kind === 'rsa' } });
      }
      // The members holding the split hear of its new terms once per set of terms, in this transaction.
      if (terms)
        await raise({
          tx,
          key: `terms:${event.splitId}:${split.buyDate}:${split.effDate}:${split.ratio}`,
          kind: 'termsChanged',
          payload: { ...split, changes: terms },
          opts: { immediate: true, holdersOf: event.splitId },
        });
    },
    // Once per split (the key): a second poll, tab or replay raises nothing.
    async splitConfirmed(tx, event) {
      const row = await repo.split(tx, event.splitId);
      if (!row) return;
      const [split] = await withConfirmation(tx, [row]);
      const opts = { immediate: true, holdersOf: event.splitId };
      await raise({ tx, key: `confirmed:${event.splitId}`, kind: 'splitConfirmed', payload: split, opts });
    },
  };
}
