import type { ReactNode } from 'react';
import { Link } from 'react-router';

// The risks chapter of /learn (/learn/risks): what can go wrong with a round-up, each claim with a dated
// public source at an https address. Sources were read from the pages themselves; a page that carries no
// publication date (the NYSE's own corporate-actions page) is dated by the day its text was read, and says so.

function Src({ href, date, children }: { href: string; date: string; children: ReactNode }) {
  return (
    <span className="small text-body-secondary">
      {' '}
      (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
      , {date})
    </span>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-4">
      <h2 id={`${id}-title`} className="h4">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Clawbacks() {
  return (
    <Section id="clawbacks" title="Clawbacks and lawsuits">
      <p>
        An issuer that promised to round up can change its mind after the split, and brokers then take the share back. Members of
        the public round-up forum reported the first such clawbacks
        <Src href="https://www.reddit.com/r/StockReverseSplits/comments/1gh4jo2/clawbacks_incoming" date="November 1, 2024">
          r/StockReverseSplits
        </Src>
        , and the brokers’ trade body wrote that term changes after the effective date made reverse splits harder for everyone who
        processes them
        <Src
          href="https://www.sifma.org/resources/submissions/letters/reverse-stock-splits-and-fractional-share-round-ups"
          date="March 25, 2025"
        >
          SIFMA letter to the NYSE and Nasdaq
        </Src>
        .
      </p>
      <p>
        Issuers have also gone to court. Upexi said five brokerage firms asked for 199,059 of its 202,183 round-up shares after
        its reverse split
        <Src href="https://www-web.itiger.com/news/2478507129" date="October 25, 2024">
          Dow Jones
        </Src>{' '}
        and filed a complaint in the U.S. District Court for Nevada to find out, through discovery, who owned the accounts
        <Src href="https://benzinga.com/24/11/42173384/whats-going-on-with-upexi-shares-monday" date="November 2024">
          Benzinga
        </Src>
        .
      </p>
      <p className="mb-0">
        On a Pro split, RoundUp marks an issuer whose round-ups were refused, reversed or litigated before (“Issuer reversed
        round-up shares in 2024”), from a record with its source or from members’ own recorded outcomes.
      </p>
    </Section>
  );
}

function ParticipantLevel() {
  return (
    <Section id="participant-level" title="Participant-level rounding">
      <p>
        Some filings round up “at the participant level”: the fraction is rounded for each DTC participant (your broker), not for
        each beneficial owner (you). Whether your own account gets a whole share then depends on how your broker shares out what
        it received. Forum members described issuers reading a round-up this way, as an event for the registered holder only
        <Src
          href="https://www.reddit.com/r/StockReverseSplits/comments/1gqtrsq/re_clawbacks_class_action_poll_and_legal"
          date="November 14, 2024"
        >
          r/StockReverseSplits
        </Src>
        , and the trade body asks that registered and beneficial holders be treated alike
        <Src
          href="https://www.sifma.org/research/white-papers/reverse-stock-splits-and-fractional-share-management-a-framework-for-market-integrity"
          date="December 4, 2025"
        >
          SIFMA white paper
        </Src>
        .
      </p>
    </Section>
  );
}

function BrokersAndCash() {
  return (
    <>
      <Section id="brokers" title="Broker policies on many accounts">
        <p>
          Each broker decides how many accounts one person may open, and how it credits a round-up share it receives. In the Upexi
          split, five brokerage firms asked for almost every round-up share
          <Src href="https://www-web.itiger.com/news/2478507129" date="October 25, 2024">
            Dow Jones
          </Src>
          ; the trade body describes the cost and work this puts on broker-dealers
          <Src
            href="https://www.sifma.org/resources/submissions/letters/reverse-stock-splits-and-fractional-share-round-ups"
            date="March 25, 2025"
          >
            SIFMA letter
          </Src>
          . We have not found a dated public policy of a named broker to quote; read your broker’s account agreement, and see what
          members measured on the <Link to="/brokers">broker pages</Link>.
        </p>
      </Section>
      <Section id="cash-in-lieu" title="The trade body’s push for cash in lieu">
        <p>
          SIFMA, the brokers’ trade body, wrote to the NYSE and Nasdaq about the rise in reverse splits (a 191% increase from 2023
          to 2024, by its members’ count)
          <Src
            href="https://www.sifma.org/resources/submissions/letters/reverse-stock-splits-and-fractional-share-round-ups"
            date="March 25, 2025"
          >
            SIFMA letter
          </Src>{' '}
          and now recommends that issuers pay cash in lieu for every fractional share, which would end round-ups
          <Src
            href="https://www.sifma.org/research/white-papers/reverse-stock-splits-and-fractional-share-management-a-framework-for-market-integrity"
            date="December 4, 2025"
          >
            SIFMA white paper
          </Src>
          .
        </p>
      </Section>
    </>
  );
}

function ExchangeRules() {
  return (
    <Section id="exchange-rules" title="Exchange rules">
      <ul>
        <li id="notice">
          <strong>Notice.</strong> The NYSE expects a reverse split to be announced at least ten calendar days before it takes
          effect
          <Src
            href="https://www.nyse.com/regulation/corporate-actions-market-watch-proxy-compliance"
            date="the page carries no date; as read November 28, 2026"
          >
            NYSE Regulation, corporate actions
          </Src>
          . Nasdaq requires public notice at least two business days before the market effective date
          <Src href="https://beta.nasdaqtrader.com/TraderNews.aspx?id=ECA2024-616" date="December 20, 2024">
            Nasdaq Equity Corporate Actions Alert 2024-616
          </Src>
          . A split announced with fewer than three market sessions to go leaves little time to buy, and RoundUp marks it.
        </li>
        <li>
          <strong>Cumulative caps.</strong> An NYSE company that falls below $1 after reverse splits of 200:1 or more in total
          over two years gets no compliance period
          <Src
            href="https://www.arnoldporter.com/en/perspectives/advisories/2025/01/sec-approves-nyse-proposal-to-restrict-use-of-reverse-stock-splits"
            date="approved January 15, 2025"
          >
            Arnold &amp; Porter
          </Src>
          ; Nasdaq’s limit is 250:1 over two years
          <Src
            href="https://natlawreview.com/article/state-play-reverse-stock-splits-nasdaq-and-nyse-listed-issuers"
            date="January 23, 2025"
          >
            National Law Review
          </Src>
          ; NYSE American’s is 200:1 over two years
          <Src
            href="https://regulations.justia.com/regulations/fedreg/2024/11/04/2024-25526.html"
            date="proposed as SR-NYSEAMER-2024-61; Federal Register November 4, 2024"
          >
            SEC Release 34-101457
          </Src>
          , approved with the NYSE’s rule
          <Src
            href="https://production.jdsupra.com/legalnews/sec-approves-nyse-and-nyse-american-2403959"
            date="reporting the SEC’s approval in January 2025"
          >
            JD Supra
          </Src>
          . RoundUp multiplies a split with the issuer’s splits of the two years before it and marks it at the cap or within a
          factor of 2 of it.
        </li>
        <li id="sub-dime" className="mb-0">
          <strong>Ten-cent stocks.</strong> Nasdaq proposed that a stock closing at or below $0.10 for ten trading days in a row
          get an immediate delisting determination and trade over the counter while the company appeals
          <Src
            href="https://www.govinfo.gov/content/pkg/FR-2025-09-08/html/2025-17106.htm"
            date="filed August 22, 2025; Federal Register September 8, 2025"
          >
            SR-NASDAQ-2025-065
          </Src>
          . RoundUp marks a split whose last known price is at or below $0.10.
        </li>
      </ul>
    </Section>
  );
}

export function Risks() {
  return (
    <>
      <p className="lead">
        A round-up is small and usually safe, but not always. These are the risks that arrive one issuer at a time, and what
        RoundUp shows Pro members about each split.
      </p>
      <Clawbacks />
      <ParticipantLevel />
      <BrokersAndCash />
      <ExchangeRules />
    </>
  );
}
