import { useMemo } from 'react';
import { groupByBroker, type Account } from '@roundup/shared';
import { RoundUpStatusBadge } from '../../../components/RoundUpStatusBadge';

/** The accounts "Apply to" acts on, by broker: all, a broker's, or one by one. */
export function AccountChooser({
  id,
  accounts,
  chosen,
  toggle,
}: {
  id: (k: string) => string;
  accounts: Account[];
  chosen: ReadonlySet<string>;
  toggle: (ids: string[], on: boolean) => void;
}) {
  const byBroker = useMemo(() => groupByBroker(accounts), [accounts]);
  const all = chosen.size === accounts.length;
  return (
    <fieldset id={id('chooser')} className="ru-bulk-chooser mb-3">
      <legend className="visually-hidden">Accounts to apply to</legend>
      <div className="form-check mb-2">
        <input
          id={id('all')}
          type="checkbox"
          className="form-check-input"
          checked={all}
          ref={(el) => {
            if (el) el.indeterminate = chosen.size > 0 && !all;
          }}
          onChange={(e) =>
            toggle(
              accounts.map((a) => a._id),
              e.target.checked,
            )
          }
        />
        <label htmlFor={id('all')} className="form-check-label fw-semibold">
          All accounts
        </label>
      </div>
      {byBroker.map(({ broker, accounts: list }) => {
        const ids = list.map((a) => a._id);
        const every = ids.every((x) => chosen.has(x));
        return (
          <div key={broker} className="ru-bulk-broker">
            <div className="form-check">
              <input
                id={id(`broker-${broker}`)}
                type="checkbox"
                className="form-check-input"
                checked={every}
                onChange={(e) => toggle(ids, e.target.checked)}
              />
              <label htmlFor={id(`broker-${broker}`)} className="form-check-label fw-semibold">
                {broker} ({list.length})
              </label>
              <RoundUpStatusBadge status={list[0]?.brokerRules?.roundUpStatus} />
            </div>
            <ul className="list-unstyled ms-4 mb-2 ru-bulk-accounts">
              {list.map((a) => (
                <li key={a._id} className="form-check">
                  <input
                    id={id(`acc-${a._id}`)}
                    type="checkbox"
                    className="form-check-input"
                    checked={chosen.has(a._id)}
                    onChange={(e) => toggle([a._id], e.target.checked)}
                  />
                  <label htmlFor={id(`acc-${a._id}`)} className="form-check-label">
                    {a.nickname}
                    {a.active ? '' : ' (inactive)'}
                  </label>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </fieldset>
  );
}
