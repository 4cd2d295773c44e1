import type { MonthProfit } from '@roundup/shared';
import { formatMoney, formatIsoDate } from '../../../lib/format';

const W = 640;
const H = 240;
const PAD = { top: 16, right: 12, bottom: 34, left: 56 };

const monthLabel = (m: string) => formatIsoDate(`${m}-01`, 'MMM yy');

/** Monthly realized profit as bars with the cumulative total as a line (inline SVG, no library). */
export function ProfitChart({ months }: { months: MonthProfit[] }) {
  const values = months.flatMap((m) => [m.profitCents, m.cumulativeCents]);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 100;
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const y = (cents: number) => PAD.top + ((max - cents) / span) * innerH;
  const slot = innerW / Math.max(1, months.length);
  const barW = Math.max(2, Math.min(36, slot * 0.6));
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const ticks = [max, (max + min) / 2, min].map((v) => Math.round(v));
  const labelEvery = Math.ceil(months.length / 8);
  const line = months.map((m, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(m.cumulativeCents).toFixed(1)}`).join(' ');
  const last = months[months.length - 1];
  const summary = `Monthly realized profit from ${monthLabel(months[0].month)} to ${monthLabel(last.month)}; cumulative ${formatMoney(last.cumulativeCents / 100)}.`;

  return (
    <figure className="mb-0">
      <svg viewBox={`0 0 ${W} ${H}`} className="w-100 h-auto ru-profit-chart" role="img" aria-label={summary}>
        {ticks.map((v, i) => (
          <g key={i}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="currentColor" strokeOpacity={0.12} />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize="11" fill="currentColor" opacity={0.7}>
              {formatMoney(v / 100)}
            </text>
          </g>
        ))}
        <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} stroke="currentColor" strokeOpacity={0.4} />
        {months.map((m, i) => {
          const top = y(Math.max(0, m.profitCents));
          const height = Math.abs(y(m.profitCents) - y(0));
          return (
            <g key={m.month}>
              <rect
                x={x(i) - barW / 2}
                y={top}
                width={barW}
                height={Math.max(height, m.profitCents === 0 ? 0 : 1)}
                rx={2}
                className={m.profitCents >= 0 ? 'ru-bar-pos' : 'ru-bar-neg'}
              >
                <title>{`${monthLabel(m.month)}: ${formatMoney(m.profitCents / 100)} (${m.trades} trades)`}</title>
              </rect>
              {i % labelEvery === 0 ? (
                <text x={x(i)} y={H - PAD.bottom + 16} textAnchor="middle" fontSize="11" fill="currentColor" opacity={0.7}>
                  {monthLabel(m.month)}
                </text>
              ) : null}
            </g>
          );
        })}
        <path d={line} fill="none" className="ru-cum-line" strokeWidth={2.5} strokeLinejoin="round" />
        {months.map((m, i) => (
          <circle key={m.month} cx={x(i)} cy={y(m.cumulativeCents)} r={3} className="ru-cum-dot">
            <title>{`Cumulative by ${monthLabel(m.month)}: ${formatMoney(m.cumulativeCents / 100)}`}</title>
          </circle>
        ))}
      </svg>
      <figcaption className="d-flex flex-wrap gap-3 small text-body-secondary mt-2">
        <span>
          <span className="ru-legend ru-legend-bar" aria-hidden="true" /> Monthly profit
        </span>
        <span>
          <span className="ru-legend ru-legend-line" aria-hidden="true" /> Cumulative
        </span>
      </figcaption>
    </figure>
  );
}
