import { Fragment, useState } from 'react';
import { groupByBroker } from '@roundup/shared';
import Modal from 'react-bootstrap/Modal';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { useAccountGroups, useMyAccounts } from '../../../lib/my-accounts';
import { BrokerRulesNote } from '../../../components/BrokerRulesNote';
import { RoundUpStatusBadge } from '../../../components/RoundUpStatusBadge';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { deadlineOf, LiveDeadline } from '../../../components/LiveDeadline';
import { firstErrorMessage } from '../../../lib/api-client';
import { useMemberTimeZone } from '../../../lib/auth';
import { countOf, formatIsoDate } from '../../../lib/format';
import { useSplitTrades, useTradesChanged } from '../api';
import { BulkApply, focusBulkPrice } from './BulkApply';
import { TradeRow } from './TradeRow';
import './trades.css';
import type { TradeSplit } from '../types';

const short = (d: string) => formatIsoDate(d, 'MMM d, yyyy');

/** Record Trades (product.md#screens, product.md#states): one row per account in the member's order. */
export function RecordTradesModal({
  split,
  show,
  onHide,
  groupId,
}: {
  split: TradeSplit;
  show: boolean;
  onHide: () => void;
  /** "Apply to" starts with this group's accounts. */
  groupId?: string;
}) {
  const accounts = useMyAccounts();
  const timeZone = useMemberTimeZone();
  const accountGroups = useAccountGroups(show);
  const trades = useSplitTrades(split._id, show);
  const changed = useTradesChanged();
  // Groups are a help: without them (still loading, or failed) Apply to starts from the defaults.
  const loading = accounts.isPending || trades.isPending || (accountGroups.isPending && accountGroups.fetchStatus !== 'idle');
  const error = accounts.error ?? trades.error;
  const byAccount = new Map((trades.data?.trades ?? []).map((t) => [t.accountId, t]));
  // By broker, in the member's order; rows are numbered down the whole list.
  const groups = groupByBroker(accounts.data?.accounts ?? []);
  const list = groups.flatMap((g) => g.accounts);
  // Rows keep what was typed in them; after an apply to many accounts they start again from the server.
  const [version, setVersion] = useState(0);
  const applied = async () => {
    await trades.refetch();
    changed(split._id);
    setVersion((n) => n + 1);
  };

  return (
    <Modal
      show={show}
      onHide={onHide}
      size="xl"
      fullscreen="md-down"
      aria-labelledby={`rt-title-${split._id}`}
      onEntered={() => focusBulkPrice(split._id)}
    >
      <Modal.Header closeButton>
        <div>
          <Modal.Title id={`rt-title-${split._id}`} as="h2" className="h5 mb-0">
            Record Trades · {split.ticker}
          </Modal.Title>
          <div className="text-body-secondary small">
            {split.name} · buy by {short(split.buyDate)} · effective {short(split.effDate)}
          </div>
          <LiveDeadline deadline={deadlineOf(split)} timeZone={timeZone ?? undefined} className="d-block small" />
        </div>
      </Modal.Header>
      <Modal.Body>
        {loading ? (
          <p className="text-body-secondary">Loading your accounts…</p>
        ) : error ? (
          <ErrorAlert messages={[firstErrorMessage(error)]} />
        ) : list.length === 0 ? (
          <div className="text-center py-4">
            <p className="fw-semibold mb-1">No brokerage accounts yet</p>
            <p className="text-body-secondary small">
              Add the accounts you trade in, then record one buy and one sale per account here.
            </p>
            <Link to="/settings/accounts" className="btn btn-primary btn-sm" onClick={onHide}>
              Add accounts
            </Link>
          </div>
        ) : (
          <>
            <BulkApply
              split={split}
              accounts={list}
              trades={byAccount}
              onApplied={applied}
              groups={accountGroups.data?.groups ?? []}
              initialGroupId={groupId}
            />
            <p className="text-body-secondary small mb-3">
              Or account by account: a row saves when you leave a field, press Enter or click Save; Tab moves along the row and
              down.
            </p>
            <div className="ru-trade-grid" role="group" aria-label={`Trades for ${split.ticker}`}>
              <div className="ru-trade-head" aria-hidden="true">
                <span>Account</span>
                <span>Buy date</span>
                <span>Buy price</span>
                <span>Sell date</span>
                <span>Sell price</span>
                <span>Outcome</span>
                <span>Outcome date</span>
                <span />
              </div>
              {groups.map((g) => (
                <Fragment key={g.broker}>
                  <h3 className="ru-trade-broker h6 mb-0">
                    {g.broker}{' '}
                    <span className="fw-normal text-body-secondary small">· {countOf(g.accounts.length, 'account')}</span>
                    <RoundUpStatusBadge status={g.accounts[0]?.brokerRules?.roundUpStatus} />
                    <BrokerRulesNote rules={g.accounts[0]?.brokerRules} price={split.price} />
                  </h3>
                  {g.accounts.map((a) => (
                    <TradeRow
                      key={`${a._id}:${version}`}
                      index={list.indexOf(a)}
                      account={a}
                      split={split}
                      trade={byAccount.get(a._id)}
                      onSaved={() => changed(split._id)}
                    />
                  ))}
                </Fragment>
              ))}
            </div>
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Link to="/settings/analytics" className="btn btn-link btn-sm me-auto" onClick={onHide}>
          View analytics
        </Link>
        <Button variant="secondary" onClick={onHide}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
