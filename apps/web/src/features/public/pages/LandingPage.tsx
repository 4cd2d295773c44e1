import { EARNINGS_EXAMPLE, projectEarnings } from '@roundup/shared/learn';
import { Link } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { Disclaimer } from '../../../components/Disclaimer';
import { formatMoney } from '@roundup/shared/money';
import { HeroArt } from '../components/HeroArt';
import { PlanCards } from '../components/PlanCards';
import { RecentSplitsTable } from '../components/RecentSplitsTable';
import '../../../components/public-page.css';

const STEPS = [
  {
    title: 'Buy one share',
    text: 'Before a company’s reverse split takes effect, buy exactly one share in each of your brokerage accounts.',
  },
  {
    title: 'The split rounds you up',
    text: 'Your one share becomes a fraction. Many companies round that fraction up to a whole post-split share.',
  },
  {
    title: 'Sell the whole share',
    text: 'When the rounded-up share lands in your account, sell it. A 1-for-10 split turns $0.40 into about $4.00.',
  },
];

/** The landing page (product.md#screens Landing); /r/{refId} renders it too. */
export function LandingPage() {
  const { data: user } = useAuth();

  return (
    <>
      <section className="rp-hero" aria-labelledby="landing-title">
        <div className="container py-5">
          <div className="row align-items-center g-4 g-lg-5 py-lg-4">
            <div className="col-12 col-lg-6">
              <span className="rp-hero-kicker mb-3">The reverse-split round-up strategy</span>
              <h1 id="landing-title" className="display-5 rp-hero-title mb-3">
                Small gains lead to big wins.
              </h1>
              <p className="lead mb-4">
                RoundUp shows you every reverse split that rounds fractional shares up, tells you when to buy one share and when
                to sell, and keeps track of what you made.
              </p>
              <div className="d-flex flex-wrap gap-3">
                <Link to="/register" className="btn btn-lg rp-hero-cta px-4">
                  Start with a Free Account Today
                </Link>
                <Link to="/learn" className="btn btn-lg btn-outline-light px-4">
                  How it works
                </Link>
              </div>
            </div>
            <div className="col-12 col-lg-6 text-center">
              <HeroArt />
            </div>
          </div>
        </div>
      </section>

      <section className="rp-section" aria-labelledby="intro-title">
        <div className="container">
          <div className="row g-4 g-lg-5 align-items-start">
            <div className="col-12 col-lg-5">
              <p className="rp-eyebrow mb-2">Why it works</p>
              <h2 id="intro-title" className="h2 mb-3">
                Small, repeatable gains with alternative financial tools
              </h2>
              <p>
                When a company does a reverse split, shareholders left with a fraction of a share are often rounded up to a full
                share. Own one share in several accounts and each account collects that rounding.
              </p>
              <p className="mb-0">
                RoundUp finds the splits, explains the rules behind them and reminds you when to act, with education for every
                step. <Link to="/learn">Read the guide</Link>.
              </p>
            </div>
            <div className="col-12 col-lg-7">
              <ol className="list-unstyled mb-0 d-grid gap-3">
                {STEPS.map((step, i) => (
                  <li key={step.title} className="d-flex gap-3 rp-stat">
                    <span className="rp-step-num" aria-hidden="true">
                      {i + 1}
                    </span>
                    <div>
                      <h3 className="h6 mb-1">{step.title}</h3>
                      <p className="mb-0 text-body-secondary">{step.text}</p>
                    </div>
                  </li>
                ))}
              </ol>
            </div>
          </div>

          <EarningsExample />
        </div>
      </section>

      <section className="rp-section rp-section-alt" aria-labelledby="plans-title">
        <div className="container">
          <div className="text-center mb-4">
            <p className="rp-eyebrow mb-2">Services</p>
            <h2 id="plans-title" className="h2">
              Starter or Pro
            </h2>
            <p className="text-body-secondary mb-0">Start free. Upgrade when you want every split the moment it is announced.</p>
          </div>
          <PlanCards />
        </div>
      </section>

      <section className="rp-section" aria-labelledby="recent-title">
        <div className="container">
          <div className="d-flex flex-wrap justify-content-between align-items-end gap-2 mb-3">
            <div>
              <p className="rp-eyebrow mb-2">Track record</p>
              <h2 id="recent-title" className="h2 mb-0">
                Recent round-up splits
              </h2>
            </div>
            <p className="small text-body-secondary mb-0">Average profit per account, before fees.</p>
          </div>
          <RecentSplitsTable />
        </div>
      </section>

      <section className="pb-5" aria-labelledby="final-cta-title">
        <div className="container">
          <div className="rp-final-cta p-4 p-md-5 text-center">
            <h2 id="final-cta-title" className="h2 mb-2">
              The journey to your financial goals begins with one step.
            </h2>
            <p className="mb-4">Take it today: learn the strategy, open your accounts and catch the next round-up.</p>
            {user ? (
              <Link to="/quickstart" className="btn btn-lg rp-hero-cta px-4">
                View Quick Start
              </Link>
            ) : (
              <Link to="/register" className="btn btn-lg rp-hero-cta px-4">
                Open a Free Account Today
              </Link>
            )}
          </div>
          <Disclaimer className="d-block mt-4" />
        </div>
      </section>
    </>
  );
}

/** The earnings example in four figures, and how they are reached. */
function EarningsExample() {
  const earnings = projectEarnings(EARNINGS_EXAMPLE);
  return (
    <>
      <div className="row g-3 mt-4" role="group" aria-label="Earnings example">
        <div className="col-6 col-md-3">
          <div className="rp-stat">
            <div className="rp-stat-value">{EARNINGS_EXAMPLE.companies}</div>
            <div className="small text-body-secondary">companies in {EARNINGS_EXAMPLE.months} months</div>
          </div>
        </div>
        <div className="col-6 col-md-3">
          <div className="rp-stat">
            <div className="rp-stat-value">{EARNINGS_EXAMPLE.tradesPerSplit}</div>
            <div className="small text-body-secondary">trades per split</div>
          </div>
        </div>
        <div className="col-6 col-md-3">
          <div className="rp-stat">
            <div className="rp-stat-value">{formatMoney(earnings.monthlyCents / 100)}</div>
            <div className="small text-body-secondary">
              per month at {formatMoney(EARNINGS_EXAMPLE.averageProfit)} average profit
            </div>
          </div>
        </div>
        <div className="col-6 col-md-3">
          <div className="rp-stat">
            <div className="rp-stat-value">{formatMoney(earnings.yearlyCents / 100)}</div>
            <div className="small text-body-secondary">per year</div>
          </div>
        </div>
      </div>
      <p className="small text-body-secondary mt-2 mb-0">
        Illustrative example: {EARNINGS_EXAMPLE.splitsPerMonth} splits a month × {EARNINGS_EXAMPLE.tradesPerSplit} trades ×{' '}
        {formatMoney(EARNINGS_EXAMPLE.averageProfit)}. Past results do not guarantee future ones.
      </p>
    </>
  );
}
