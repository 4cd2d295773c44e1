import { useMemo, useState } from 'react';
import ToggleButton from 'react-bootstrap/ToggleButton';
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup';
import { can } from '@roundup/shared/permissions';
import { clockTime, DEFAULT_TIME_ZONE, zoneLabel } from '@roundup/shared/deadline';
import { isFullSplit, starterHidden, type Split, type SplitView } from '@roundup/shared/splits';
import { useAuth, useMemberTimeZone } from '../../../lib/auth';
import { useSlots } from '../../../lib/slots';
import { Disclaimer } from '../../../components/Disclaimer';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Spinner } from '../../../components/Spinner';
import { errorMessages } from '../../../lib/api-client';
import { formatIsoDate, todayInMarket } from '../../../lib/format';
import { useLiveSplits, useSplits } from '../api';
import { FeedCard } from '../components/FeedCard';
import { NoteModal } from '../components/NoteModal';
import { PipelineSection } from '../components/PipelineSection';
import { UpgradeButton } from '../components/SplitActions';
import { SplitCalendar } from '../components/SplitCalendar';
import { SplitTables } from '../components/SplitTables';
import '../splits.css';

type ViewMode = 'calendar' | 'table';

/** /reverse-splits (product.md#screens): calendar by default, Table/Calendar toggle, live updates. */
export function ReverseSplitsPage() {
  const { data: user } = useAuth();
  const role = user?.role ?? null;
  const fullAccess = can(role, 'splits:full');
  const canTrade = can(role, 'trades:record');
  const { TodoList } = useSlots();
  const [mode, setMode] = useState<ViewMode>('calendar');
  const [note, setNote] = useState<Split | null>(null);
  const query = useSplits();
  useLiveSplits(Boolean(user));
  const today = todayInMarket();
  // Approved splits (admins only) are curated in /admin/reverse-splits, not shown here.
  const splits = useMemo(() => (query.data ?? []).filter((s) => s.status !== 'Approved'), [query.data]);

  return (
    <div className="container py-4 ru-splits-page">
      <header className="d-flex flex-wrap justify-content-between align-items-end gap-3 mb-3">
        <div className="ru-splits-intro">
          <h1 className="h3 mb-1">Reverse Splits</h1>
          <p className="text-body-secondary mb-0">
            Buy one share in each of your brokerage accounts before the purchase date, then sell the rounded-up shares once they
            arrive. Pick a day to see what is announced, or switch to the table.
          </p>
        </div>
        <ToggleButtonGroup type="radio" name="rs-view" value={mode} onChange={(v: ViewMode) => setMode(v)} aria-label="View">
          <ToggleButton id="rs-view-calendar" value="calendar" variant="outline-primary" size="sm">
            Calendar
          </ToggleButton>
          <ToggleButton id="rs-view-table" value="table" variant="outline-primary" size="sm">
            Table
          </ToggleButton>
        </ToggleButtonGroup>
      </header>

      {!fullAccess ? <StarterBanner splits={query.data ? splits : undefined} /> : null}

      {query.data && query.isError ? (
        <StaleListNotice
          messages={errorMessages(query.error)}
          loadedAt={query.dataUpdatedAt}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : null}

      {canTrade && TodoList && query.data ? <TodoList splits={splits.filter(isFullSplit)} today={today} /> : null}

      {query.isPending ? (
        <Spinner label="Loading reverse splits…" />
      ) : !query.data ? (
        <ErrorAlert messages={errorMessages(query.error)} />
      ) : mode === 'calendar' ? (
        <SplitCalendar splits={splits} today={today} canTrade={canTrade} onNote={setNote} />
      ) : (
        <SplitTables splits={splits} today={today} fullAccess={fullAccess} canTrade={canTrade} onNote={setNote} />
      )}

      <PipelineSection />
      {fullAccess ? <FeedCard /> : null}
      <Disclaimer className="mt-4" />
      <NoteModal split={note} onHide={() => setNote(null)} />
    </div>
  );
}

/**
 * A refresh that failed keeps the list it had (and anything open on it, such as Record Trades), so the member
 * is told, above that list, that it may be out of date, since when, and can ask again.
 */
function StaleListNotice(props: { messages: string[]; loadedAt: number; retrying: boolean; onRetry: () => void }) {
  const timeZone = useMemberTimeZone() ?? DEFAULT_TIME_ZONE;
  const loaded = new Date(props.loadedAt);
  return (
    <div className="alert alert-warning d-flex flex-wrap align-items-center justify-content-between gap-2 py-2" role="alert">
      <p className="mb-0">
        <strong>These splits could not be refreshed.</strong> {props.messages[0] ?? ''} What you see was loaded at{' '}
        {clockTime(loaded.toISOString(), timeZone)} {zoneLabel(timeZone, loaded)}.
      </p>
      <button type="button" className="btn btn-sm btn-outline-dark" onClick={props.onRetry} disabled={props.retrying}>
        {props.retrying ? 'Trying again…' : 'Try again'}
      </button>
    </div>
  );
}

/**
 * The Starter rule as the server applies it (rules.splitAccess): what is hidden, and when it opens.
 * A split opens the day after its buy date, when it is too late to buy.
 */
export function StarterBanner({ splits }: { splits: readonly SplitView[] | undefined }) {
  // Until the list has loaded the banner says the rule only, not a count it does not know.
  const hidden = splits ? starterHidden(splits) : null;
  return (
    <div className="alert alert-primary d-flex flex-wrap align-items-center justify-content-between gap-2 py-2" role="note">
      <div>
        <p className="mb-1">
          <strong>You are on Starter.</strong> A split&rsquo;s company, ticker, ratio, price and profit open to you the day after
          its buy date (New York time), once it is too late to buy. Pro shows every split as soon as it is announced.
        </p>
        {hidden ? (
          <p className="mb-0 small" data-testid="starter-hidden">
            {hidden.count === 0
              ? 'No announced split is hidden from you right now.'
              : `${hidden.count} announced split${hidden.count === 1 ? ' is' : 's are'} hidden from you; the next opens on ${formatIsoDate(hidden.nextUnlock!, 'EEEE, MMMM d')}.`}
          </p>
        ) : null}
      </div>
      <UpgradeButton />
    </div>
  );
}
