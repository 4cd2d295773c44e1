import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { groupByBroker, type Account, type AccountGroup, type TradeOutcome } from '@roundup/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { GroupSelect } from '../../../components/GroupSelect';
import { RoundUpStatusBadge } from '../../../components/RoundUpStatusBadge';
import { firstErrorMessage } from '../../../lib/api-client';
import { countOf } from '../../../lib/format';
import { bulkTrades } from '../api';
import { defaultBulkSelection } from '../bulk-defaults';
import { OUTCOME_LABELS, type TradeSplit } from '../types';

/** The price and date fields, in the order of a trade row. */
const INPUTS = [
  { key: 'buy_price', label: 'Buy price', type: 'number' },
  { key: 'buy_date', label: 'Buy date', type: 'date' },
  { key: 'sell_price', label: 'Sell price', type: 'number' },
  { key: 'sell_date', label: 'Sell date', type: 'date' },
] as const;

const num = (s: string) => (s.trim() === '' ? undefined : Number(s));
const priceId = (splitId: string) => `bulk-${splitId}-buy_price`;

/**
 * Puts the cursor in the bulk buy price when the modal has opened (or when the accounts arrive
 * after it opened), unless the member is already somewhere else in it.
 */
export function focusBulkPrice(splitId: string) {
  const el = document.getElementById(priceId(splitId));
  const active = document.activeElement;
  if (el && (!active || active === document.body || active.classList.contains('modal'))) el.focus();
}

/**
 * "Apply to all accounts" (issue 14): one date, price or outcome for the chosen accounts, saved in
 * one request. Active accounts are chosen by default; the price field has the focus when the modal
 * opens, so recording a buy in every account is the price and Enter. Empty fields are not sent, so
 * they keep what each account has; per-account exceptions stay editable in the rows below.
 */
export function BulkApply({
  split,
  accounts,
  onApplied,
  groups = [],
  initialGroupId = '',
}: {
  split: TradeSplit;
  accounts: Account[];
  onApplied: () => Promise<void>;
  /** Issue 26 §4: the member's account groups, and the one to start with (from the To do list). */
  groups?: AccountGroup[];
  initialGroupId?: string;
}) {
  const groupOf = (gid: string) => groups.find((g) => g._id === gid) ?? null;
  const [groupId, setGroupId] = useState(initialGroupId);
  const [chosen, setChosen] = useState<Set<string>>(() => defaultBulkSelection(accounts, groupOf(initialGroupId)));
  const pickGroup = (gid: string) => {
    setGroupId(gid);
    setChosen(defaultBulkSelection(accounts, groupOf(gid)));
  };
  const [open, setOpen] = useState(false);
  const [v, setV] = useState({ buy_date: '', buy_price: '', sell_date: '', sell_price: '', outcome: '', outcome_date: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const byBroker = useMemo(() => groupByBroker(accounts), [accounts]);
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((x) => ({ ...x, [k]: e.target.value }));
  const toggle = (ids: string[], on: boolean) => {
    setGroupId('');
    setChosen((prev) => {
      const next = new Set(prev);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });
  };
  const all = chosen.size === accounts.length;
  useEffect(() => focusBulkPrice(split._id), [split._id]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    const fields = {
      ...(v.buy_date ? { buy_date: v.buy_date } : {}),
      ...(num(v.buy_price) !== undefined ? { buy_price: num(v.buy_price) } : {}),
      ...(v.sell_date ? { sell_date: v.sell_date } : {}),
      ...(num(v.sell_price) !== undefined ? { sell_price: num(v.sell_price) } : {}),
      ...(v.outcome ? { outcome: v.outcome as TradeOutcome } : {}),
      ...(v.outcome_date ? { outcome_date: v.outcome_date } : {}),
    };
    if (chosen.size === 0) return setError('Choose at least one account');
    if (Object.keys(fields).length === 0) return setError('Enter a date, a price or an outcome to apply');
    setBusy(true);
    try {
      const ids = accounts.filter((a) => chosen.has(a._id)).map((a) => a._id);
      await bulkTrades({ splitId: split._id, accountIds: ids, ...fields });
      await onApplied();
      setV({ buy_date: '', buy_price: '', sell_date: '', sell_price: '', outcome: '', outcome_date: '' });
      setDone(`Saved in ${countOf(ids.length, 'account')}.`);
    } catch (err) {
      setError(firstErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const id = (k: string) => `bulk-${split._id}-${k}`;
  return (
    <form className="ru-bulk card mb-3" onSubmit={(e) => void submit(e)} aria-labelledby={id('title')}>
      <div className="card-body p-3">
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-2">
          <h3 id={id('title')} className="h6 fw-semibold mb-0">
            Apply to {all ? 'all accounts' : countOf(chosen.size, 'account')}
          </h3>
          <GroupSelect id={id('group')} label="Group" groups={groups} value={groupId} onChange={pickGroup} none="Choose…" />
          <button
            type="button"
            className="btn btn-link btn-sm p-0"
            aria-expanded={open}
            aria-controls={id('chooser')}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Done choosing' : `Choose accounts (${chosen.size} of ${accounts.length})`}
          </button>
        </div>
        {open ? (
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
        ) : null}
        <div className="ru-bulk-fields">
          {INPUTS.map((f) => (
            <label className="ru-trade-field" key={f.key}>
              <span className="ru-trade-field-label">{f.label}</span>
              <input
                className="form-control form-control-sm"
                {...(f.type === 'number'
                  ? { type: 'number', inputMode: 'decimal' as const, step: '0.0001', min: '0' }
                  : { type: 'date' })}
                {...(f.key === 'buy_price' ? { id: priceId(split._id), 'data-testid': 'bulk-buy_price' } : {})}
                {...(f.key === 'buy_date' ? { 'aria-describedby': id('buy-hint') } : {})}
                value={v[f.key]}
                onChange={set(f.key)}
              />
            </label>
          ))}
          <label className="ru-trade-field">
            <span className="ru-trade-field-label">Outcome</span>
            <select className="form-select form-select-sm" value={v.outcome} onChange={set('outcome')}>
              <option value="">Keep as is</option>
              {Object.entries(OUTCOME_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label className="ru-trade-field">
            <span className="ru-trade-field-label">Outcome date</span>
            <input className="form-control form-control-sm" type="date" value={v.outcome_date} onChange={set('outcome_date')} />
          </label>
          <div className="ru-bulk-submit">
            <button type="submit" className="btn btn-primary btn-sm w-100" disabled={busy}>
              {busy ? 'Saving…' : `Apply to ${countOf(chosen.size, 'account')}`}
            </button>
          </div>
        </div>
        <p id={id('buy-hint')} className="form-text mb-0">
          Empty fields keep each account&apos;s value. With a buy price and no date, the buy date is the buy-by day.
        </p>
        {error ? <ErrorAlert messages={[error]} className="mt-2 mb-0" /> : null}
        {done ? (
          <p className="small text-success mt-2 mb-0" role="status">
            {done}
          </p>
        ) : null}
      </div>
    </form>
  );
}
