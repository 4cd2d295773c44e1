import { can, peerBrokerLine, peerWindowOpen, todayInMarket } from '@roundup/shared';
import { isFullSplit, type SplitView } from '@roundup/shared/splits';
import { useMemberRole } from '../../../lib/auth';
import { useSplitOutcomes } from '../api';

/**
 * On a split that is happening, what other members got per broker ("Schwab: 7 received,
 * 1 cash in lieu, 2 pending, from 5 members"), for Pro members and admins. Brokers with fewer than 3
 * members are never sent; renders nothing until there is a line to show.
 */
export function PeerOutcomes({ split }: { split: SplitView }) {
  const role = useMemberRole();
  const enabled = isFullSplit(split) && can(role, 'splits:full') && peerWindowOpen(split, todayInMarket());
  const { data } = useSplitOutcomes(split._id, enabled);
  if (!enabled || !data || (data.brokers.length === 0 && data.mayBeOwed.length === 0)) return null;
  return (
    <div className="small mt-1" data-testid="peer-outcomes">
      <span className="text-body-secondary">What members got:</span>
      <ul className="list-unstyled mb-0">
        {data.brokers.map((b) => (
          <li key={b.broker}>{peerBrokerLine(b)}</li>
        ))}
      </ul>
      {data.mayBeOwed.map((m) => (
        <p key={m.broker} className="mb-0 mt-1 text-warning-emphasis" data-testid="may-be-owed">
          You got cash in lieu at {m.broker}
          {m.accounts > 1 ? ` in ${m.accounts} accounts` : ''}, where most members received the share: ask {m.broker} whether it
          owes you the share.
        </p>
      ))}
    </div>
  );
}
