import { ROUND_LOT_SHARES } from '@roundup/shared/learn';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ProfitCalculator } from './components/ProfitCalculator';

// The first four chapters of /learn (learn-content.tsx lists every chapter): what a split is, a reverse
// split, and the five fractional-share outcomes.

function Outcome({
  name,
  result,
  tone,
  children,
}: {
  name: string;
  result: string;
  tone: 'pos' | 'zero' | 'neg';
  children: ReactNode;
}) {
  const toneClass = tone === 'pos' ? 'rp-profit-pos' : tone === 'neg' ? 'rp-profit-neg' : 'fw-semibold';
  return (
    <div className="col-12 col-md-6">
      <div className="rp-outcome-card">
        <h2 className="h6 mb-1">{name}</h2>
        <p className={`small mb-2 ${toneClass}`}>{result}</p>
        <p className="mb-0 small">{children}</p>
      </div>
    </div>
  );
}

export function Overview() {
  return (
    <>
      <p className="lead">
        The round-up strategy collects small, predictable gains from reverse stock splits. You buy one share of a company just
        before its reverse split; when the split leaves you with a fraction of a share, many companies round that fraction up to a
        whole share, which is worth many times what you paid.
      </p>
      <div className="rp-callout my-4">
        <strong>In one sentence:</strong> buy one share per brokerage account before a reverse split, then sell the rounded-up
        whole share afterwards.
      </div>
      <h2 className="h4">What you will learn</h2>
      <ol>
        <li>
          <Link to="/learn/stock-splits">Stock splits</Link>: why companies change their share count.
        </li>
        <li>
          <Link to="/learn/reverse-splits">Reverse splits</Link>: how 1-for-N splits work and why they create fractions.
        </li>
        <li>
          <Link to="/learn/fractional-shares">The five fractional-share outcomes</Link>: round up lots, round up shares, cash in
          lieu, round to nearest and round down.
        </li>
        <li>
          <Link to="/learn/earnings">The earnings example</Link>: how small gains add up over a year.
        </li>
        <li>
          <Link to="/learn/risks">The risks</Link>: clawbacks, participant-level rounding, broker policies and the exchange rules.
        </li>
      </ol>
      <p>Try the numbers yourself:</p>
      <ProfitCalculator />
    </>
  );
}

export function StockSplits() {
  return (
    <>
      <p className="lead">A stock split changes how many shares a company has without changing what the company is worth.</p>
      <p>
        In a <strong>2-for-1 forward split</strong>, every share becomes two shares and the price halves. If you owned 10 shares
        at $100 ($1,000 in total), you now own 20 shares at $50: still $1,000. Companies usually split forward when their share
        price has grown high, so that a single share is easier to buy.
      </p>
      <h2 className="h4">The key idea</h2>
      <p>
        A split divides the same pie into more or fewer slices. Your slice of the company stays the same; only the number of
        shares and the price per share change, in opposite directions.
      </p>
      <div className="table-responsive">
        <table className="table table-sm align-middle">
          <caption className="small text-body-secondary">The same $1,000 holding before and after a 2-for-1 split</caption>
          <thead>
            <tr>
              <th scope="col" />
              <th scope="col" className="text-end">
                Shares
              </th>
              <th scope="col" className="text-end">
                Price
              </th>
              <th scope="col" className="text-end">
                Value
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Before</th>
              <td className="text-end">10</td>
              <td className="text-end">$100.00</td>
              <td className="text-end">$1,000.00</td>
            </tr>
            <tr>
              <th scope="row">After</th>
              <td className="text-end">20</td>
              <td className="text-end">$50.00</td>
              <td className="text-end">$1,000.00</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="mb-0">
        Forward splits never create fractions from whole shares, so they offer no round-up. The opportunity comes from the
        opposite move: the <Link to="/learn/reverse-splits">reverse split</Link>.
      </p>
    </>
  );
}

export function ReverseSplits() {
  return (
    <>
      <p className="lead">
        A reverse split merges shares: in a <strong>1-for-N</strong> reverse split, every N shares become one share and the price
        is multiplied by N.
      </p>
      <p>
        Companies do this mostly to lift a low share price, often to stay above an exchange&rsquo;s minimum bid (for example
        Nasdaq&rsquo;s $1 rule). A stock trading at $0.40 that does a 1-for-10 reverse split trades at about $4.00 afterwards.
      </p>
      <h2 className="h4">Where the fraction comes from</h2>
      <p>
        If you own a number of shares that is not a multiple of N, the split leaves you with a fraction. Own just{' '}
        <strong>one</strong> share before a 1-for-10 split and you are left with 1/10 of a share. Companies and brokers cannot
        leave that fraction hanging, so the company&rsquo;s filing says what happens to it.
      </p>
      <h2 className="h4">The dates that matter</h2>
      <ul>
        <li>
          <strong>Buy date</strong>: the last day to buy so you hold the share when the split is applied. RoundUp&rsquo;s calendar
          lists it as the Purchase Date.
        </li>
        <li>
          <strong>Effective date</strong>: the first day the stock trades at the split-adjusted price.
        </li>
        <li>
          <strong>Share return</strong>: the day the rounded-up share appears in your account, from the next trading day to a
          couple of weeks depending on the broker (see the broker list once you sign in).
        </li>
      </ul>
      <p className="mb-0">
        What the company does with your fraction decides whether you profit: that is the subject of the{' '}
        <Link to="/learn/fractional-shares">five fractional-share outcomes</Link>.
      </p>
    </>
  );
}

export function FractionalShares() {
  return (
    <>
      <p className="lead">
        Take one share bought at price <em>p</em> before a 1-for-N reverse split. After the split you hold 1/N of a share, and one
        of five things happens to it.
      </p>
      <div className="row g-3 my-2">
        <Outcome name="1. Round up lots" result={`Profit ≈ ${ROUND_LOT_SHARES} × N × p − p`} tone="pos">
          Holders below a threshold are raised to a full round lot ({ROUND_LOT_SHARES} shares). Rare, and by far the biggest win.
        </Outcome>
        <Outcome name="2. Round up shares" result="Profit ≈ (N − 1) × p" tone="pos">
          The fraction is rounded up to one whole post-split share worth about N × p. This is the outcome the strategy looks for.
        </Outcome>
        <Outcome name="3. Cash in lieu" result="Profit ≈ $0" tone="zero">
          The company pays cash for the fraction, roughly the p you paid. No gain, no loss (before fees).
        </Outcome>
        <Outcome name="4. Round to nearest" result="Gain only if the fraction is at least 1/2" tone="zero">
          Fractions of one half or more become a whole share; smaller ones disappear. With one share, only a 1-for-2 split rounds
          up.
        </Outcome>
        <Outcome name="5. Round down" result="Loss of p" tone="neg">
          The fraction is dropped and you lose the price of the share. Splits like these are the ones to avoid.
        </Outcome>
      </div>
      <h2 className="h4">A worked example</h2>
      <p>
        A stock at $0.40 announces a 1-for-10 reverse split that rounds up. You buy one share in each of 10 accounts for $4.00 in
        total. After the split each account holds one share worth about $4.00, so you sell 10 shares for about $40.00: a profit of
        about $36.00, or $3.60 per account.
      </p>
      <div className="rp-callout mb-0">
        Brokers matter too: some always pay cash for fractions, and some charge a reorganisation fee that wipes out the gain.
        Check each broker&rsquo;s share return time and fees before you trade.
      </div>
    </>
  );
}
