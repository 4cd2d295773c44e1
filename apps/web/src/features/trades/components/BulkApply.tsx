import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Account, AccountGroup, Trade } from '@roundup/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { GroupSelect } from '../../../components/GroupSelect';
import { firstErrorMessage } from '../../../lib/api-client';
import { countOf } from '../../../lib/format';
import { bulkTrades } from '../api';
import { defaultBulkSelection } from '../bulk-defaults';
import { bulkFields, EMPTY_VALUES, planApply, savedText, type BulkValues } from '../bulk-plan';
import type { TradeSplit } from '../types';
import { AccountChooser } from './AccountChooser';
import { BulkInputs } from './BulkInputs';

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

type Result = { kind: 'done' | 'error'; text: string };

/**
 * "Apply to all accounts": one date, price, quantity or outcome for the
 * chosen accounts, saved in one request. Active accounts are chosen by default. It changes only the
 * accounts whose values are still empty or pending; "Overwrite" changes the others too, after
 * saying how many. A result message belongs to its request: a new apply clears it first, and an
 * older request's answer never replaces a newer one's.
 */
export function BulkApply({
  split,
  accounts,
  trades,
  onApplied,
  groups = [],
  initialGroupId = '',
}: {
  split: TradeSplit;
  accounts: Account[];
  trades: ReadonlyMap<string, Trade>;
  onApplied: () => Promise<void>;
  /** The member's account groups, and the one to start with (from the To do list). */
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
  const [v, setV] = useState<BulkValues>(EMPTY_VALUES);
  const [overwrite, setOverwrite] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const request = useRef(0);
  const edit = (next: (x: BulkValues) => BulkValues) => {
    setV(next);
    setResult(null);
    setConfirming(null);
  };
  const set = (k: keyof BulkValues) => (e: { target: { value: string } }) => edit((x) => ({ ...x, [k]: e.target.value }));
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
  useEffect(() => focusBulkPrice(split._id), [split._id]);

  const apply = async (confirmed: boolean) => {
    const mine = ++request.current;
    setResult(null);
    setConfirming(null);
    const fields = bulkFields(v, split.buyDate);
    // A chosen group's accounts go in the group's order; otherwise in the page's.
    const order = groupOf(groupId)?.accountIds ?? accounts.map((a) => a._id);
    const ids = order.filter((x) => chosen.has(x));
    if (ids.length === 0) return setResult({ kind: 'error', text: 'Choose at least one account' });
    if (Object.keys(fields).length === 0)
      return setResult({ kind: 'error', text: 'Enter a date, a price or an outcome to apply' });
    if (v.shape && !fields.legs?.some((l) => l.side === 'buy'))
      return setResult({ kind: 'error', text: "Enter the buy: One share and the dance replace each account's buys and sells" });
    const plan = planApply(ids, trades, fields, overwrite, split.effDate);
    if (overwrite && plan.filled.length > 0 && !confirmed) return setConfirming(plan.filled.length);
    if (plan.targets.length === 0)
      return setResult({ kind: 'error', text: 'Every chosen account already has a value; tick Overwrite to change them' });
    setBusy(true);
    try {
      const res = await bulkTrades({ splitId: split._id, accountIds: plan.targets, ...fields });
      await onApplied();
      if (mine !== request.current) return;
      setV(EMPTY_VALUES);
      setResult({ kind: 'done', text: savedText(res, overwrite ? 0 : plan.filled.length) });
    } catch (err) {
      if (mine === request.current) setResult({ kind: 'error', text: firstErrorMessage(err) });
    } finally {
      if (mine === request.current) setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void apply(false);
  };

  const id = (k: string) => `bulk-${split._id}-${k}`;
  const all = chosen.size === accounts.length;
  return (
    <form className="ru-bulk card mb-3" onSubmit={submit} aria-labelledby={id('title')}>
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
        {open ? <AccountChooser id={id} accounts={accounts} chosen={chosen} toggle={toggle} /> : null}
        <BulkInputs id={id} priceId={priceId(split._id)} v={v} set={set} preset={(p) => edit((x) => ({ ...x, ...p }))} />
        <div className="d-flex flex-wrap align-items-center gap-3 mt-2">
          <div className="form-check mb-0">
            <input
              id={id('overwrite')}
              type="checkbox"
              className="form-check-input"
              checked={overwrite}
              onChange={(e) => {
                setOverwrite(e.target.checked);
                setConfirming(null);
              }}
            />
            <label htmlFor={id('overwrite')} className="form-check-label small">
              Overwrite values already recorded
            </label>
          </div>
          <button type="submit" className="btn btn-primary btn-sm ms-auto" disabled={busy}>
            {busy ? 'Saving…' : `Apply to ${countOf(chosen.size, 'account')}`}
          </button>
        </div>
        <p id={id('buy-hint')} className="form-text mb-0">
          Only accounts whose value is still empty or pending change, unless you tick Overwrite. Empty fields keep each
          account&apos;s value. With a buy price and no date, the buy date is the buy-by day.
        </p>
        {confirming !== null ? (
          <div className="alert alert-warning mt-2 mb-0 p-2 small" role="alert">
            This will change {countOf(confirming, 'account')} that already {confirming === 1 ? 'has' : 'have'} a value.{' '}
            <button type="button" className="btn btn-warning btn-sm ms-1" onClick={() => void apply(true)}>
              Overwrite {countOf(confirming, 'account')}
            </button>{' '}
            <button type="button" className="btn btn-link btn-sm" onClick={() => setConfirming(null)}>
              Cancel
            </button>
          </div>
        ) : null}
        {result?.kind === 'error' ? <ErrorAlert messages={[result.text]} className="mt-2 mb-0" /> : null}
        {result?.kind === 'done' ? (
          <p className="small text-success mt-2 mb-0" role="status">
            {result.text}
          </p>
        ) : null}
      </div>
    </form>
  );
}
