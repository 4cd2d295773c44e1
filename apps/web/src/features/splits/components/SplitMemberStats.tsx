import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useQueryClient } from '@tanstack/react-query';
import type { Split } from '@roundup/shared';
import { useTimedMessage } from '../../../components/useTimedMessage';
import { api, firstErrorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useSplitMemberStats } from '../api';

/**
 * Admin, on a Complete split (beyond the spec): the members' recorded average realized profit
 * per account and the number of trades behind it, with a button that copies it into avgProfit.
 */
export function SplitMemberStats({ split, onApplied }: { split: Split; onApplied?: (avgProfit: number) => void }) {
  const stats = useSplitMemberStats(split._id);
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const note = useTimedMessage<{ ok: boolean; text: string }>(5000);
  const s = stats.data;

  const apply = async () => {
    if (!s || s.avgProfit === null) return;
    setBusy(true);
    try {
      const { _id, name, ticker, effDate, buyDate, ratio, price, estProfit, status, rsType, source, notes, caution } = split;
      await api.post('/api/rs/edit', {
        newTicker: {
          _id,
          name,
          ticker,
          effDate,
          buyDate,
          ratio,
          price,
          estProfit,
          avgProfit: s.avgProfit,
          status,
          rsType,
          source,
          notes,
          caution,
        },
      });
      note.show({ ok: true, text: `Average profit set to ${formatMoney(s.avgProfit)}.` });
      await qc.invalidateQueries({ queryKey: ['rs'] });
      onApplied?.(s.avgProfit);
    } catch (e) {
      note.show({ ok: false, text: firstErrorMessage(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card shadow-sm mt-4" aria-labelledby="member-stats-title" data-testid="split-member-stats">
      <div className="card-body">
        <h2 id="member-stats-title" className="h6 fw-semibold mb-2">
          Members&apos; recorded profit
        </h2>
        {stats.isPending ? (
          <p className="small text-body-secondary mb-0">Loading…</p>
        ) : stats.error ? (
          <p className="small text-danger mb-0">{firstErrorMessage(stats.error)}</p>
        ) : s && s.avgProfit !== null ? (
          <div className="d-flex flex-wrap align-items-center gap-3">
            <div>
              <span className="fs-5 fw-bold">{formatMoney(s.avgProfit)}</span>{' '}
              <span className="small text-body-secondary">
                average realized profit per account, from {s.trades} closed {s.trades === 1 ? 'trade' : 'trades'} by {s.members}{' '}
                {s.members === 1 ? 'member' : 'members'}
              </span>
            </div>
            <Button
              size="sm"
              variant="outline-primary"
              onClick={() => void apply()}
              disabled={busy || s.avgProfit === split.avgProfit}
            >
              {busy ? 'Saving…' : s.avgProfit === split.avgProfit ? 'Average profit matches' : 'Use as average profit'}
            </Button>
          </div>
        ) : (
          <p className="small text-body-secondary mb-0">No member has recorded a closed trade for this split yet.</p>
        )}
        {s && s.outcomes.recorded > 0 ? (
          <p className="small mb-0 mt-2" data-testid="split-outcomes">
            Round-up record: {s.outcomes.shareReceived} of {s.outcomes.recorded} recorded{' '}
            {s.outcomes.recorded === 1 ? 'account' : 'accounts'} received the share (
            {Math.round((s.outcomes.shareReceived / s.outcomes.recorded) * 100)}
            %); {s.outcomes.cashInLieu} got cash, {s.outcomes.noCredit} nothing; {s.outcomes.accounts - s.outcomes.recorded} not
            recorded yet.
          </p>
        ) : null}
        {note.value ? (
          <p
            className={`small mb-0 mt-2 ${note.value.ok ? 'text-success' : 'text-danger'}`}
            role={note.value.ok ? 'status' : 'alert'}
          >
            {note.value.text}
          </p>
        ) : null}
      </div>
    </section>
  );
}
