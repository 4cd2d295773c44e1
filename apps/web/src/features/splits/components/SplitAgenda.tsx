import { formatIsoDate, formatMoney, formatPrice } from '../../../lib/format';
import { formatRatio, isFullSplit, type Split, type SplitView } from '@roundup/shared/splits';
import { ConfirmationLine } from './ConfirmationLine';
import { SellAsLine } from './SellAsLine';
import { VerdictLines } from './VerdictLines';
import { PeerOutcomes } from './PeerOutcomes';
import { WarningIcon } from './icons';
import { ChangeMarker } from './SplitChanges';
import { SplitActions, SplitProgress, UpgradeButton } from './SplitActions';
import { SplitDeadline } from './SplitDeadline';
import { CallBadge, CallProfit } from './CallBadge';
import { SplitEvidence } from './SplitEvidence';
import { RiskBadge } from './SplitRisk';

/** The selected day's splits beside the calendar: name, ticker, facts (masked for Starter), progress and actions. */
export function SplitAgenda({
  date,
  today,
  splits,
  canTrade,
  onNote,
}: {
  date: string;
  today: string;
  splits: SplitView[];
  canTrade: boolean;
  onNote: (s: Split) => void;
}) {
  const anyMasked = splits.some((s) => s.masked);
  return (
    <section className="card shadow-sm h-100 ru-agenda" aria-label="Splits on the selected day" data-testid="agenda">
      <div className="card-header bg-body">
        <div className="text-uppercase small fw-semibold text-primary">{formatIsoDate(date, 'EEEE')}</div>
        <h2 className="h5 mb-0">
          {formatIsoDate(date, 'MMMM dd, yyyy')}
          {date === today ? <span className="badge ru-badge-strong ms-2 align-middle">Today</span> : null}
        </h2>
      </div>
      {splits.length === 0 ? (
        <div className="card-body text-body-secondary">No Reverse Spilts announced</div>
      ) : (
        <ul className="list-group list-group-flush">
          {splits.map((s) => (
            <li
              key={s._id}
              className={`list-group-item ${isFullSplit(s) && s.caution ? 'ru-caution' : ''} ${s.masked ? 'ru-masked' : ''}`}
              data-testid="agenda-item"
            >
              <div className="d-flex justify-content-between align-items-start gap-2">
                <div className="min-w-0">
                  <div className="fw-semibold text-break">
                    {s.name} <span className="badge text-bg-light border ms-1 font-monospace">{s.ticker}</span>
                    {isFullSplit(s) ? <CallBadge split={s} className="ms-1" /> : null}
                    {isFullSplit(s) ? <RiskBadge risk={s.risk} className="ms-1" /> : null}
                    {isFullSplit(s) && s.caution ? (
                      <span className="text-warning-emphasis ms-1" title="Caution">
                        <WarningIcon />
                        <span className="visually-hidden">Caution</span>
                      </span>
                    ) : null}
                  </div>
                  {isFullSplit(s) ? (
                    <div className="small text-body-secondary mt-1 d-flex flex-wrap column-gap-3">
                      <span>Ratio {formatRatio(s.ratio)}</span>
                      <span>Price {formatPrice(s.price)}</span>
                      {s.status === 'Complete' ? (
                        <span>
                          Avg. profit <strong className="text-body">{formatMoney(s.avgProfit)}</strong>
                        </span>
                      ) : (
                        <CallProfit split={s} label />
                      )}
                      <SplitDeadline split={s} className="w-100 fw-semibold text-body" />
                    </div>
                  ) : (
                    <div className="small text-body-secondary mt-1">Ratio, price and profit are for Pro members.</div>
                  )}
                  <ChangeMarker split={s} />
                  {isFullSplit(s) ? <SellAsLine split={s} /> : null}
                  {isFullSplit(s) ? <ConfirmationLine split={s} /> : null}
                  {isFullSplit(s) ? <VerdictLines split={s} /> : null}
                  {isFullSplit(s) ? <SplitEvidence evidence={s.evidence} history={s.history} risk={s.risk} /> : null}
                  <PeerOutcomes split={s} />
                  <SplitProgress split={s} canTrade={canTrade} />
                </div>
                <SplitActions split={s} canTrade={canTrade} onNote={onNote} progress={false} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {anyMasked ? (
        <div className="card-body border-top small">
          <p className="mb-2">Upcoming splits are for Pro members. Upgrade to see the company, ticker and notes.</p>
          <UpgradeButton />
        </div>
      ) : null}
    </section>
  );
}
