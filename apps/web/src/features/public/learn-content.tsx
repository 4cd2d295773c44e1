import { EARNINGS_EXAMPLE, projectEarnings } from '@roundup/shared/learn';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '@roundup/shared/money';
import { ProfitCalculator } from './components/ProfitCalculator';
import { FractionalShares, Overview, ReverseSplits, StockSplits } from './learn-chapters';
import { Risks } from './learn-risks';

/** One chapter of /learn; `slug` '' is /learn itself. */
export interface LearnChapter {
  slug: string;
  nav: string;
  title: string;
  description: string;
  body: () => ReactNode;
}

function Earnings() {
  const e = EARNINGS_EXAMPLE;
  const result = projectEarnings(e);
  return (
    <>
      <p className="lead">Small gains add up when you repeat them across many splits and many accounts.</p>
      <div className="table-responsive">
        <table className="table align-middle">
          <caption className="small text-body-secondary">The earnings example, step by step</caption>
          <tbody>
            <tr>
              <th scope="row" className="fw-normal">
                Round-up reverse splits
              </th>
              <td className="text-end fw-semibold">
                {e.companies} companies in {e.months} months
              </td>
            </tr>
            <tr>
              <th scope="row" className="fw-normal">
                Splits per month
              </th>
              <td className="text-end fw-semibold">{e.splitsPerMonth}</td>
            </tr>
            <tr>
              <th scope="row" className="fw-normal">
                Trades per split (one share in each account)
              </th>
              <td className="text-end fw-semibold">{e.tradesPerSplit}</td>
            </tr>
            <tr>
              <th scope="row" className="fw-normal">
                Average profit per trade
              </th>
              <td className="text-end fw-semibold">{formatMoney(e.averageProfit)}</td>
            </tr>
            <tr>
              <th scope="row">Per month</th>
              <td className="text-end rp-profit-pos">
                {e.splitsPerMonth} × {e.tradesPerSplit} × {formatMoney(e.averageProfit)} ={' '}
                {formatMoney(result.monthlyCents / 100)}
              </td>
            </tr>
            <tr>
              <th scope="row">Per year</th>
              <td className="text-end rp-profit-pos">
                {formatMoney(result.monthlyCents / 100)} × 12 = {formatMoney(result.yearlyCents / 100)}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      <p>
        The numbers are an illustration, not a promise: the number of round-up splits changes from month to month, and fees, taxes
        (short-term capital gains) and splits that end up paying cash in lieu all reduce the result.
      </p>
      <p className="mb-0">
        Ready to start? <Link to="/register">Open a free account</Link> and follow the calendar, or see what{' '}
        <Link to="/services">Pro</Link> adds.
      </p>
    </>
  );
}

function Calculator() {
  return (
    <>
      <p className="lead">See what one reverse split could earn under each of the five outcomes.</p>
      <ProfitCalculator />
      <p className="small text-body-secondary mt-3 mb-0">
        The formulas are explained in <Link to="/learn/fractional-shares">the five fractional-share outcomes</Link>.
      </p>
    </>
  );
}

export const LEARN_CHAPTERS: LearnChapter[] = [
  {
    slug: '',
    nav: 'Overview',
    title: 'Learn the round-up strategy',
    description: 'How the reverse-split round-up strategy works, with a profit calculator for every fractional-share outcome.',
    body: Overview,
  },
  {
    slug: 'stock-splits',
    nav: 'Stock splits',
    title: 'Stock splits',
    description: 'What a stock split is and why it changes the share count but not the value of your holding.',
    body: StockSplits,
  },
  {
    slug: 'reverse-splits',
    nav: 'Reverse splits',
    title: 'Reverse splits',
    description: 'How 1-for-N reverse splits work, why companies do them, and where the fractional share comes from.',
    body: ReverseSplits,
  },
  {
    slug: 'fractional-shares',
    nav: 'Fractional-share outcomes',
    title: 'The five fractional-share outcomes',
    description:
      'Round up lots, round up shares, cash in lieu, round to nearest and round down: what each means for your profit.',
    body: FractionalShares,
  },
  {
    slug: 'earnings',
    nav: 'Earnings example',
    title: 'The earnings example',
    description: 'How 15 round-up splits a month across 20 accounts add up to $996 a month and $11,952 a year.',
    body: Earnings,
  },
  {
    slug: 'risks',
    nav: 'Risks',
    title: 'The risks of the round-up strategy',
    description:
      'Clawbacks and lawsuits, participant-level rounding, broker policies, the push for cash in lieu and the 2025 exchange rules, each with a dated source.',
    body: Risks,
  },
  {
    slug: 'calculator',
    nav: 'Profit calculator',
    title: 'Round-up profit calculator',
    description: 'Enter a price, a split ratio and a number of accounts to see the profit of each fractional-share outcome.',
    body: Calculator,
  },
];

export function learnChapter(slug: string | undefined): LearnChapter | undefined {
  return LEARN_CHAPTERS.find((c) => c.slug === (slug ?? ''));
}
