import { useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { formatIsoDate, formatMoney } from '../../../lib/format';
import {
  calendarKeyTarget,
  INVALID_DATE,
  isCalendarKey,
  isFullSplit,
  monthGrid,
  monthlyAvgProfit,
  parseMonthYear,
  type Split,
  type SplitView,
} from '@roundup/shared/splits';
import { ChevronIcon } from './icons';
import { SplitAgenda } from './SplitAgenda';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

interface Props {
  splits: readonly SplitView[];
  today: string;
  canTrade: boolean;
  onNote: (s: Split) => void;
}

const ym = (date: string) => ({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) });
const firstOf = (year: number, month: number) => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;

/** The month's name between the previous and next month buttons (PageUp/PageDown do the same from the grid). */
function MonthHeader({ label, onShift }: { label: string; onShift: (delta: number) => void }) {
  return (
    <div className="d-flex align-items-center justify-content-between mb-2">
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        onClick={() => onShift(-1)}
        aria-label="Previous month"
        aria-keyshortcuts="PageUp"
        tabIndex={-1}
      >
        <ChevronIcon dir="left" />
      </button>
      <h2 className="h5 mb-0" aria-live="polite" data-testid="cal-month">
        {label}
      </h2>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        onClick={() => onShift(1)}
        aria-label="Next month"
        aria-keyshortcuts="PageDown"
        tabIndex={-1}
      >
        <ChevronIcon dir="right" />
      </button>
    </div>
  );
}

/** One day of the grid: its number, and a marker with the count of splits to buy that day. */
function DayCell(p: {
  date: string;
  inMonth: boolean;
  count: number;
  today: string;
  selected: string;
  tabStop: string;
  onSelect: (date: string) => void;
}) {
  const { date, count } = p;
  const cls = [
    'ru-cal-day',
    p.inMonth ? '' : 'is-outside',
    date === p.today ? 'is-today' : '',
    date === p.selected ? 'is-selected' : '',
    count > 0 ? 'has-events' : '',
  ].join(' ');
  return (
    <div role="gridcell" aria-selected={date === p.selected}>
      <button
        type="button"
        className={cls}
        onClick={() => p.onSelect(date)}
        tabIndex={date === p.tabStop ? 0 : -1}
        data-date={date}
        aria-label={`${formatIsoDate(date, 'EEEE, MMMM d, yyyy')}${count ? `, ${count} split${count > 1 ? 's' : ''}` : ''}${date === p.today ? ', today' : ''}`}
      >
        <span className="ru-cal-num">{Number(date.slice(8))}</span>
        {count > 0 ? (
          <span className="ru-cal-marker" aria-hidden="true">
            {count > 1 ? count : ''}
          </span>
        ) : null}
      </button>
    </div>
  );
}

/** "Go to month (MM/YYYY)" and Today, under the grid. */
function GoToMonth({ onGo, onToday }: { onGo: (month: { year: number; month: number }) => void; onToday: () => void }) {
  const [goTo, setGoTo] = useState('');
  const [goToError, setGoToError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseMonthYear(goTo);
    if (!parsed) {
      setGoToError(INVALID_DATE);
      return;
    }
    setGoToError(null);
    onGo(parsed);
  };
  return (
    <form className="d-flex flex-wrap align-items-start gap-2 mt-3" onSubmit={submit} noValidate>
      <div className="flex-grow-1" style={{ minWidth: 0, maxWidth: 220 }}>
        <label htmlFor="cal-goto" className="visually-hidden">
          Go to month (MM/YYYY)
        </label>
        <input
          id="cal-goto"
          className={`form-control form-control-sm ${goToError ? 'is-invalid' : ''}`}
          placeholder="MM/YYYY"
          inputMode="numeric"
          value={goTo}
          onChange={(e) => setGoTo(e.target.value)}
          aria-invalid={goToError ? true : undefined}
          aria-describedby={goToError ? 'cal-goto-error' : undefined}
        />
        {goToError ? (
          <div id="cal-goto-error" className="invalid-feedback d-block">
            {goToError}
          </div>
        ) : null}
      </div>
      <button type="submit" className="btn btn-sm btn-primary">
        Go
      </button>
      <button type="button" className="btn btn-sm btn-outline-primary" onClick={onToday}>
        Today
      </button>
    </form>
  );
}

/** The month calendar of product.md#screens: header, weekday row, 42-day grid, go-to, agenda and footer. */
export function SplitCalendar({ splits, today, canTrade, onNote }: Props) {
  const [view, setView] = useState(() => ym(today));
  const [selected, setSelected] = useState(today);
  // The grid's one tab stop (roving tabindex): the day the arrow keys last moved to.
  const [focused, setFocused] = useState(today);
  const gridRef = useRef<HTMLDivElement>(null);
  const moveFocus = useRef(false);

  const byBuyDate = useMemo(() => {
    const map = new Map<string, SplitView[]>();
    for (const s of splits) {
      const list = map.get(s.buyDate) ?? [];
      list.push(s);
      map.set(s.buyDate, list);
    }
    return map;
  }, [splits]);

  const grid = useMemo(() => monthGrid(view.year, view.month), [view]);
  const inGrid = (date: string) => grid.some((c) => c.date === date);
  const tabStop = inGrid(focused) ? focused : inGrid(selected) ? selected : firstOf(view.year, view.month);
  const monthLabel = formatIsoDate(firstOf(view.year, view.month), 'MMMM yyyy');
  // Masked rows carry no profit: the footer sums what this member may see.
  const footer = monthlyAvgProfit(splits.filter(isFullSplit), view.year, view.month);
  const agenda = byBuyDate.get(selected) ?? [];

  const shiftMonth = (delta: number) => {
    const m = view.month - 1 + delta;
    setView({ year: view.year + Math.floor(m / 12), month: (((m % 12) + 12) % 12) + 1 });
  };
  const select = (date: string) => {
    setSelected(date);
    setFocused(date);
    setView(ym(date));
  };

  // A layout effect, so a fast second arrow key starts from the day the first one moved to.
  useLayoutEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${focused}"]`)?.focus();
  }, [focused, view]);

  /** Arrows, Home/End and PageUp/PageDown move the focused day; Enter and Space click it (they are buttons). */
  const onGridKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!isCalendarKey(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    const next = calendarKeyTarget(tabStop, e.key, e.shiftKey);
    moveFocus.current = true;
    setFocused(next);
    setView(ym(next));
  };

  return (
    <div className="row g-3 ru-cal-wrap">
      <div className="col-12 col-lg-7">
        <section className="card shadow-sm ru-cal" aria-label="Reverse split calendar">
          <div className="card-body p-2 p-sm-3">
            <MonthHeader label={monthLabel} onShift={shiftMonth} />
            <p id="cal-keys" className="visually-hidden">
              Arrow keys move by day and week, Home and End to the start and end of the week, Page Up and Page Down by month.
              Enter shows the day&apos;s splits.
            </p>
            {/* WAI-ARIA grid: the focused day is its one tab stop (roving tabindex), so the grid itself takes no focus. */}
            {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- the days inside are the focusable part */}
            <div
              className="ru-cal-grid"
              role="grid"
              aria-label={monthLabel}
              aria-describedby="cal-keys"
              ref={gridRef}
              onKeyDown={onGridKey}
            >
              <div className="ru-cal-row" role="row">
                {WEEKDAYS.map((d) => (
                  <div key={d} className="ru-cal-weekday" role="columnheader">
                    {d}
                  </div>
                ))}
              </div>
              {Array.from({ length: 6 }, (_, w) => (
                <div className="ru-cal-row" role="row" key={w}>
                  {grid.slice(w * 7, w * 7 + 7).map((cell) => (
                    <DayCell
                      key={cell.date}
                      date={cell.date}
                      inMonth={cell.inMonth}
                      count={byBuyDate.get(cell.date)?.length ?? 0}
                      today={today}
                      selected={selected}
                      tabStop={tabStop}
                      onSelect={select}
                    />
                  ))}
                </div>
              ))}
            </div>
            <GoToMonth
              onGo={(parsed) => {
                setView(parsed);
                setSelected(firstOf(parsed.year, parsed.month));
                setFocused(firstOf(parsed.year, parsed.month));
              }}
              onToday={() => select(today)}
            />
          </div>
          <div className="card-footer bg-body-tertiary small" data-testid="cal-footer">
            <span className="fw-semibold">{monthLabel} average profit:</span>{' '}
            <span className="fs-6 fw-bold text-primary">{formatMoney(footer)}</span>{' '}
            <span className="text-body-secondary">per account (estimate)</span>
          </div>
        </section>
      </div>
      <div className="col-12 col-lg-5">
        <SplitAgenda date={selected} today={today} splits={agenda} canTrade={canTrade} onNote={onNote} />
      </div>
    </div>
  );
}
