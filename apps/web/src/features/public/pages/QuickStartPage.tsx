import { useSite } from '../../../lib/site';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { Disclaimer } from '../../../components/Disclaimer';
import '../../../components/public-page.css';

interface Step {
  title: string;
  body: ReactNode;
}

const STEPS: Step[] = [
  {
    title: 'Open multiple brokerage accounts',
    body: (
      <>
        <p>
          Each account can buy one share of every split, so more accounts mean more round-ups. At each broker, open an{' '}
          <strong>Individual</strong>, a <strong>Traditional IRA</strong> and a <strong>Roth IRA</strong> account where offered.
        </p>
        <p className="mb-0">
          Spread your accounts across several brokers: do not open too many at one broker. Compare share return times and fees in
          the <Link to="/brokers">broker list</Link>, then record your accounts in{' '}
          <Link to="/settings/accounts">Settings → Accounts</Link>.
        </p>
      </>
    ),
  },
  {
    title: 'Visit the Reverse Splits page daily',
    body: (
      <p className="mb-0">
        New reverse splits are announced every week. Check the <Link to="/reverse-splits">Reverse Splits</Link> page each day and
        switch between the calendar and the table with the Table/Calendar toggle to see what to buy and when.
      </p>
    ),
  },
  {
    title: 'Buy exactly one share in every account',
    body: (
      <p className="mb-0">
        Before the purchase date of each upcoming reverse split, buy <strong>exactly one share</strong> of the stock in every
        account. One share is enough: it becomes a fraction that is rounded up to a whole share. Record each purchase with the
        pencil icon to track your profit.
      </p>
    ),
  },
  {
    title: 'Sell after the round-up shares return',
    body: (
      <p className="mb-0">
        After the effective date, the rounded-up shares arrive in your accounts, anywhere from the next day to a couple of weeks
        later depending on the broker. Sell them once they appear. Sometimes a company pays cash in lieu instead of rounding up;
        the cash then shows up in place of the share.
      </p>
    ),
  },
  {
    title: 'Diversify your profits',
    body: (
      <>
        <p>Put your round-up profits to work according to your risk appetite:</p>
        <ul className="mb-0">
          <li>
            <strong>Conservative</strong>: broad-market ETFs.
          </li>
          <li>
            <strong>Moderate</strong>: blue-chip stocks.
          </li>
          <li>
            <strong>Aggressive</strong>: crypto and leveraged ETFs.
          </li>
        </ul>
      </>
    ),
  },
  {
    title: 'Plan for taxes',
    body: (
      <p className="mb-0">
        Round-up profits are usually <strong>short-term capital gains</strong>, taxed as ordinary income. Each broker sends you a{' '}
        <strong>Form 1099-B</strong> after the year ends; keep them all for your tax return, and ask a tax professional if unsure.
      </p>
    ),
  },
];

/** /quickstart (product.md#screens): hero, thank-you note and the six steps, ending with View Reverse Splits. */
export function QuickStartPage() {
  const { data: user } = useAuth();
  const invite = useSite().data?.discordInviteUrl ?? null;
  return (
    <>
      <section className="rp-hero" aria-labelledby="qs-title">
        <div className="container py-5">
          <span className="rp-hero-kicker mb-3">Six steps to your first round-up</span>
          <h1 id="qs-title" className="display-5 rp-hero-title mb-3">
            Quick Start
          </h1>
          <p className="lead mb-0" style={{ maxWidth: '42rem' }}>
            Thank you for joining RoundUp{user ? `, ${user.username}` : ''}! We are glad you are here. Follow these six steps to
            set up your accounts and catch your first reverse-split round-up.
          </p>
          {invite ? (
            <a
              className="btn btn-light mt-3"
              href={invite}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="discord-invite"
            >
              Join the RoundUp Discord<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      </section>

      <section className="rp-section" aria-labelledby="qs-steps-title">
        <div className="container">
          <h2 id="qs-steps-title" className="visually-hidden">
            The six steps
          </h2>
          <ol className="list-unstyled d-grid gap-3 mb-5">
            {STEPS.map((step, i) => (
              <li key={step.title} className="rp-qs-step d-flex gap-3">
                <span className="rp-step-num" aria-hidden="true">
                  {i + 1}
                </span>
                <div className="flex-grow-1">
                  <h3 className="h5 mb-2">
                    <span className="visually-hidden">Step {i + 1}: </span>
                    {step.title}
                  </h3>
                  {step.body}
                </div>
              </li>
            ))}
          </ol>
          <div className="text-center">
            <Link to="/reverse-splits" className="btn btn-primary btn-lg px-5">
              View Reverse Splits
            </Link>
          </div>
          <Disclaimer className="d-block mt-5" />
        </div>
      </section>
    </>
  );
}
