/**
 * Seed content for RoundUp: brokers, FAQs, historical reverse splits and
 * fictional demo splits placed relative to the day the seed runs.
 *
 * Sources: /work/shared/reference/brokers-and-splits.md (community trackers and
 * broker pages). Share-return days are community estimates, not broker promises.
 * Historical prices are demo values; ratios and dates come from public trackers.
 * Nothing here is financial advice.
 */
import { addDays } from '@roundup/shared';

// ---------------------------------------------------------------------------
// Brokers
// ---------------------------------------------------------------------------

export interface SeedBroker {
  name: string;
  logo: string;
  headline: string;
  signupPromo: string /* html */;
  refLink: string;
  shareReturnTime: 0 | 1 | 2 | 3 | 4 | 5 | 10 | 14;
  rating: number /* 0-5 int */;
  fees: string /* html */;
  notes: string;
  fullReview: string;
  reviewBlurb: string;
  accountCash: boolean;
  accountMargin: boolean;
  accountTradIRA: boolean;
  accountRothIRA: boolean;
  disabled: boolean;
}

const PROMO_UNKNOWN = "<p>Check the broker's site for current sign-up offers.</p>";

const FEES_COMMISSION_FREE =
  "<ul><li><strong>$0</strong> commission on online US stock trades (per the broker's published pricing).</li>" +
  "<li>Reorganisation / reverse-split fees: none reported by the community; confirm on the broker's fee schedule.</li></ul>";

const ESTIMATE_NOTE = 'Share return time is a community estimate, not a broker promise.';

export const SEED_BROKERS: SeedBroker[] = [
  {
    name: 'Charles Schwab',
    logo: '/brokers/charles-schwab.svg',
    headline: 'Fast round-ups and several accounts under one login',
    signupPromo: PROMO_UNKNOWN,
    refLink: 'https://www.schwab.com',
    shareReturnTime: 1,
    rating: 5,
    fees: FEES_COMMISSION_FREE,
    notes: `Day 1: round-up shares usually arrive the next trading day after the effective date. ${ESTIMATE_NOTE} Several accounts can be held under one login.`,
    fullReview:
      'Schwab is a reliable workhorse for the round-up strategy: round-up shares typically land the next trading day, so you can sell quickly. ' +
      'You can open cash, margin, Traditional IRA and Roth IRA accounts and manage them all from one login, which keeps the one-share-per-account routine fast. ' +
      'Online stock trades are commission-free.',
    reviewBlurb: 'Day-1 share returns and easy multi-account management make Schwab a core broker for round-ups.',
    accountCash: true,
    accountMargin: true,
    accountTradIRA: true,
    accountRothIRA: true,
    disabled: false,
  },
  {
    name: 'Public',
    logo: '/brokers/public.svg',
    headline: 'Simple app with next-day round-up shares',
    signupPromo: PROMO_UNKNOWN,
    refLink: 'https://public.com',
    shareReturnTime: 1,
    rating: 4,
    fees: FEES_COMMISSION_FREE,
    notes: `Day 1 share return. ${ESTIMATE_NOTE}`,
    fullReview:
      'Public offers cash, margin and both IRA types, and round-up shares usually appear the next trading day. ' +
      'The app is quick for placing one-share orders, which is exactly what the strategy needs. ' +
      'Check the fee schedule for any per-order charges on very low-priced stocks before you trade.',
    reviewBlurb: 'Clean app, all four account types and Day-1 round-ups.',
    accountCash: true,
    accountMargin: true,
    accountTradIRA: true,
    accountRothIRA: true,
    disabled: false,
  },
  {
    name: 'Firstrade',
    logo: '/brokers/firstrade.svg',
    headline: 'Commission-free trading with Day-1 round-ups',
    signupPromo: PROMO_UNKNOWN,
    refLink: 'https://www.firstrade.com',
    shareReturnTime: 1,
    rating: 5,
    fees: FEES_COMMISSION_FREE,
    notes: `Day 1 share return. ${ESTIMATE_NOTE}`,
    fullReview:
      'Firstrade supports cash, margin, Traditional IRA and Roth IRA accounts and typically credits round-up shares the next trading day. ' +
      'Commission-free stock trades keep the small per-split profit intact. ' +
      'A solid second or third broker once your first accounts are set up.',
    reviewBlurb: 'Fast round-ups and no commissions: a strong addition to your broker mix.',
    accountCash: true,
    accountMargin: true,
    accountTradIRA: true,
    accountRothIRA: true,
    disabled: false,
  },
  {
    name: 'SoFi Invest',
    logo: '/brokers/sofi-invest.svg',
    headline: 'All-in-one finance app with Day-1 share returns',
    signupPromo: PROMO_UNKNOWN,
    refLink: 'https://www.sofi.com/invest/',
    shareReturnTime: 1,
    rating: 4,
    fees: FEES_COMMISSION_FREE,
    notes: `Day 1 share return. ${ESTIMATE_NOTE}`,
    fullReview:
      'SoFi Invest offers all four account types and round-up shares usually arrive the next trading day. ' +
      'It is convenient if you already bank with SoFi, since transfers between accounts are quick. ' +
      'Order entry is simple enough for the one-share buys this strategy uses.',
    reviewBlurb: 'Day-1 round-ups and all four account types in a familiar finance app.',
    accountCash: true,
    accountMargin: true,
    accountTradIRA: true,
    accountRothIRA: true,
    disabled: false,
  },
  {
    name: 'Chase (J.P. Morgan Self-Directed)',
    logo: '/brokers/chase.svg',
    headline: 'Self-directed investing inside your Chase login',
    signupPromo: PROMO_UNKNOWN,
    refLink: 'https://www.chase.com/personal/investments/online-investing',
    shareReturnTime: 1,
    rating: 4,
    fees: FEES_COMMISSION_FREE,
    notes: `Day 1 share return. ${ESTIMATE_NOTE} Margin accounts are not listed for this broker in our reference.`,
    fullReview:
      'J.P. Morgan Self-Directed Investing offers cash, Traditional IRA and Roth IRA accounts and typically returns round-up shares the next trading day. ' +
      'No margin account, but cash accounts are all the strategy needs. ' +
      'Handy if you already bank with Chase, since funding is instant between your accounts.',
    reviewBlurb: 'Day-1 round-ups with cash and IRA accounts next to your Chase banking.',
    accountCash: true,
    accountMargin: false,
    accountTradIRA: true,
    accountRothIRA: true,
    disabled: false,
  },
  {
    name: 'tastytrade',
    logo: '/brokers/tastytrade.svg',
    headline: 'Active-trader platform with usually fast round-ups',
    signupPromo: PROMO_UNKNOWN,
    refLink: 'https://tastytrade.com',
    shareReturnTime: 1,
    rating: 4,
    fees:
      "<ul><li>Stock trades: <strong>$0</strong> commission to open per the broker's published pricing; closing and regulatory fees may apply.</li>" +
      "<li>Confirm current stock, options and reorganisation fees on the broker's site.</li></ul>",
    notes: `Day 1 share return. ${ESTIMATE_NOTE} Sometimes credits a fraction instead of rounding up, so results can vary per split.`,
    fullReview:
      'tastytrade offers all four account types and usually returns round-up shares the next trading day. ' +
      'Community reports say it sometimes credits the fractional share instead of rounding up, so a given split may not pay off here. ' +
      'Track your results per split to see how it behaves for you.',
    reviewBlurb: 'Usually Day-1 round-ups, but sometimes credits a fraction instead.',
    accountCash: true,
    accountMargin: true,
    accountTradIRA: true,
    accountRothIRA: true,
    disabled: false,
  },
  {
    name: 'Fennel',
    logo: '/brokers/fennel.svg',
    headline: 'Several cash accounts under one login',
    signupPromo: PROMO_UNKNOWN,
    refLink: 'https://fennel.com',
    shareReturnTime: 1,
    rating: 4,
    fees: "<p>Check the broker's site for current pricing; plans and any subscription fee can change.</p>",
    notes: `Day 1 share return. ${ESTIMATE_NOTE} Cash accounts only, but several accounts per login.`,
    fullReview:
      'Fennel only offers cash accounts, but it lets you hold several accounts under one login, which multiplies round-up opportunities. ' +
      'Round-up shares usually arrive the next trading day. ' +
      'Check current pricing before opening many accounts so fees do not eat the small per-split gains.',
    reviewBlurb: 'Multiple cash accounts per login and Day-1 round-ups.',
    accountCash: true,
    accountMargin: false,
    accountTradIRA: false,
    accountRothIRA: false,
    disabled: false,
  },
  {
    name: 'BBAE',
    logo: '/brokers/bbae.svg',
    headline: 'Fast round-ups, but mind the minimum balance',
    signupPromo: PROMO_UNKNOWN,
    refLink: 'https://www.bbae.com',
    shareReturnTime: 1,
    rating: 3,
    fees:
      '<ul><li><strong>$500 minimum balance</strong> or a <strong>$10/month</strong> account fee.</li>' +
      "<li>Confirm trading and reorganisation fees on the broker's site.</li></ul>",
    notes: `Day 1 share return. ${ESTIMATE_NOTE} $500 minimum balance or $10/month fee.`,
    fullReview:
      'BBAE offers all four account types and usually returns round-up shares the next trading day. ' +
      'The catch is a $500 minimum balance or a $10 monthly fee, which can wipe out several splits of profit if you keep the balance low. ' +
      'Worth it only if you keep the minimum in each account.',
    reviewBlurb: 'Day-1 round-ups, but keep $500 in the account to avoid the $10/month fee.',
    accountCash: true,
    accountMargin: true,
    accountTradIRA: true,
    accountRothIRA: true,
    disabled: false,
  },
  {
    name: 'Webull',
    logo: '/brokers/webull.svg',
    headline: 'Extended hours until 8 pm ET; return times vary',
    signupPromo: PROMO_UNKNOWN,
    refLink: 'https://www.webull.com',
    shareReturnTime: 5,
    rating: 3,
    fees: FEES_COMMISSION_FREE,
    notes:
      'Share return time reported anywhere from 1 to 10 days (community reports conflict); 5 is a midpoint estimate. Trades until 8 pm ET, handy for late buys.',
    fullReview:
      'Webull offers all four account types and extended trading until 8 pm ET, which helps when a split is announced late in the day. ' +
      'Round-up share return times are inconsistent in community reports, from next day to about ten days, so expect to wait sometimes. ' +
      'Useful as an extra broker rather than your only one.',
    reviewBlurb: 'Late trading hours are handy; round-up return times vary from 1 to 10 days.',
    accountCash: true,
    accountMargin: true,
    accountTradIRA: true,
    accountRothIRA: true,
    disabled: false,
  },
  {
    name: 'Robinhood',
    logo: '/brokers/robinhood.svg',
    headline: 'Popular app; round-ups in about two days',
    signupPromo: PROMO_UNKNOWN,
    refLink: 'https://robinhood.com',
    shareReturnTime: 2,
    rating: 3,
    fees: FEES_COMMISSION_FREE,
    notes: 'Share return in about 2 days (community estimate). Sometimes credits fractional shares instead of rounding up.',
    fullReview:
      'Robinhood offers all four account types and round-up shares usually show up in about two days. ' +
      'Because it supports fractional shares, it sometimes credits the fraction rather than a whole share, so not every split pays off. ' +
      'Fine as one broker among several.',
    reviewBlurb: 'Easy to use, about 2-day returns, but sometimes credits fractions instead.',
    accountCash: true,
    accountMargin: true,
    accountTradIRA: true,
    accountRothIRA: true,
    disabled: false,
  },
  {
    name: 'Fidelity',
    logo: '/brokers/fidelity.svg',
    headline: '$0 reorganisation fee; round-ups take several days',
    signupPromo: PROMO_UNKNOWN,
    refLink: 'https://www.fidelity.com',
    shareReturnTime: 4,
    rating: 4,
    fees:
      '<ul><li><strong>$0</strong> commission on online US stock trades.</li>' +
      '<li><strong>$0</strong> reorganisation fee for reverse splits.</li></ul>',
    notes:
      'Share return takes several days; 4 is an estimate from the 3–5 day range reported by the community. $0 reorganisation fee.',
    fullReview:
      'Fidelity charges no reorganisation fee and offers all four account types, so it is a dependable broker for the strategy. ' +
      'Round-up shares take several days (roughly 3–5) to arrive, so your money is tied up a little longer. ' +
      'Good for IRAs where you are not in a hurry to sell.',
    reviewBlurb: 'No reorganisation fee and all account types; expect a 3–5 day wait for shares.',
    accountCash: true,
    accountMargin: true,
    accountTradIRA: true,
    accountRothIRA: true,
    disabled: false,
  },
  {
    name: 'Vanguard',
    logo: '/brokers/vanguard.svg',
    headline: 'Slow round-ups and reported restrictions',
    signupPromo: PROMO_UNKNOWN,
    refLink: 'https://investor.vanguard.com',
    shareReturnTime: 10,
    rating: 1,
    fees: FEES_COMMISSION_FREE,
    notes:
      'Slow share return; 10 days is an estimate. Reported blocking new round-up buys in 2024, so it may not work for this strategy at all.',
    fullReview:
      'Vanguard is built for long-term investing, not quick round-up trades. ' +
      'Round-up shares are slow to arrive (around ten days by community estimate), and in 2024 it was reported to block new buys of stocks with a pending round-up split. ' +
      'Not recommended as a round-up broker.',
    reviewBlurb: 'Slow returns and reported round-up buy blocks: not a good fit.',
    accountCash: true,
    accountMargin: false,
    accountTradIRA: true,
    accountRothIRA: true,
    disabled: false,
  },
  {
    name: 'Wells Fargo WellsTrade',
    logo: '/brokers/wellstrade.svg',
    headline: 'Bank-linked brokerage with slow round-ups',
    signupPromo: PROMO_UNKNOWN,
    refLink: 'https://www.wellsfargo.com/investing/wellstrade/',
    shareReturnTime: 10,
    rating: 2,
    fees: FEES_COMMISSION_FREE,
    notes: 'Slow share return; 10 days is an estimate.',
    fullReview:
      'WellsTrade offers cash and both IRA types and is convenient if you bank with Wells Fargo. ' +
      'Round-up shares are slow to arrive (around ten days by community estimate), so capital is tied up longer between splits. ' +
      'Use it only after faster brokers are set up.',
    reviewBlurb: 'Convenient for Wells Fargo customers, but round-ups are slow.',
    accountCash: true,
    accountMargin: false,
    accountTradIRA: true,
    accountRothIRA: true,
    disabled: false,
  },
  {
    name: 'E*Trade',
    logo: '/brokers/etrade.svg',
    headline: 'Avoid for round-ups: $38 per reverse split',
    signupPromo: PROMO_UNKNOWN,
    refLink: 'https://us.etrade.com',
    shareReturnTime: 14,
    rating: 1,
    fees:
      '<ul><li><strong>$38</strong> charged per reverse split (reorganisation fee).</li>' +
      '<li>That fee is larger than the typical round-up gain, so each split is a loss.</li></ul>',
    notes:
      'No share return time in our reference; 14 is a placeholder (longest option). Listed as an "avoid" example: the $38 per reverse split fee turns a typical round-up gain into a loss.',
    fullReview:
      'E*Trade offers all four account types, but it charges $38 per reverse split. ' +
      'With typical round-up gains of a few dollars per account, that fee turns every split into a loss. ' +
      'We list it as an example of a broker to avoid for this strategy.',
    reviewBlurb: 'Avoid for round-ups: the $38 reverse-split fee exceeds the usual gain.',
    accountCash: true,
    accountMargin: true,
    accountTradIRA: true,
    accountRothIRA: true,
    disabled: false,
  },
  {
    name: 'Alpaca',
    logo: '/brokers/alpaca.svg',
    headline: 'Avoid for round-ups: always credits the fraction',
    signupPromo: PROMO_UNKNOWN,
    refLink: 'https://alpaca.markets',
    shareReturnTime: 14,
    rating: 0,
    fees: "<p>Commission-free API trading; check the broker's site for current fees.</p>",
    notes:
      'No share return time in our reference; 14 is a placeholder (longest option). Listed as an "avoid" example: it always credits the fractional share, so there is no round-up.',
    fullReview:
      'Alpaca is an API-first broker offering cash and margin accounts. ' +
      'It always credits the fractional share after a reverse split instead of rounding up, so the strategy produces no gain there. ' +
      'We list it as an example of a broker to avoid for round-ups.',
    reviewBlurb: 'Avoid for round-ups: fractions are credited, never rounded up.',
    accountCash: true,
    accountMargin: true,
    accountTradIRA: false,
    accountRothIRA: false,
    disabled: false,
  },
];

// ---------------------------------------------------------------------------
// FAQs
// ---------------------------------------------------------------------------

export interface SeedFaq {
  category: string;
  question: string;
  answer: string /* html */;
  sort: number /* 0-5 */;
}

const NOT_ADVICE = '<p><strong>This is not financial advice.</strong></p>';

export const SEED_FAQS: SeedFaq[] = [
  // General
  {
    category: 'General',
    question: 'What is RoundUp?',
    answer:
      '<p>RoundUp teaches and tracks the reverse-split round-up strategy: buy one share per brokerage account before a reverse split and sell the rounded-up whole shares afterwards. ' +
      'We provide a calendar of upcoming reverse splits, broker comparisons, a trade tracker and educational content.</p>' +
      NOT_ADVICE,
    sort: 0,
  },
  {
    category: 'General',
    question: 'Is this financial advice?',
    answer:
      '<p>No. Everything on RoundUp is educational. Split details, broker behaviour and profit figures can change or be wrong, and you are responsible for your own trades. ' +
      'Consider talking to a licensed professional about your situation.</p>',
    sort: 1,
  },
  {
    category: 'General',
    question: 'Who can use RoundUp?',
    answer:
      '<p>You must be 18 or older to accept our terms. Anyone can read the Learn pages, broker list and FAQs; a free Starter account adds the (partly hidden) calendar and onboarding content.</p>',
    sort: 2,
  },
  // Strategy
  {
    category: 'Strategy',
    question: 'How does the round-up strategy make money?',
    answer:
      '<p>When a company does a 1-for-N reverse split, one share becomes 1/N of a share. If the company rounds fractional shares <strong>up</strong>, you receive a whole new share worth about N times the old price.</p>' +
      '<ul><li>Estimated profit per account is about <strong>(N − 1) × price</strong>, before fees.</li>' +
      '<li>Example: a 1-for-20 split at $0.50 gives roughly 19 × $0.50 = $9.50 per account.</li></ul>' +
      NOT_ADVICE,
    sort: 0,
  },
  {
    category: 'Strategy',
    question: 'What can go wrong?',
    answer:
      '<ul><li><strong>Cash in lieu:</strong> the company pays cash for the fraction, so there is no gain.</li>' +
      '<li><strong>Round down:</strong> the fraction is dropped and you lose the share price.</li>' +
      '<li><strong>Broker behaviour:</strong> some brokers credit the fraction, charge a reorganisation fee or even claw shares back later.</li>' +
      '<li><strong>Price moves:</strong> the stock can fall before you sell.</li></ul>' +
      NOT_ADVICE,
    sort: 1,
  },
  {
    category: 'Strategy',
    question: 'When should I buy and when should I sell?',
    answer:
      '<p>Buy exactly one share in each account on or before the purchase date shown on the Reverse Splits page (the last trading day before the split takes effect). ' +
      'Sell after the rounded-up share appears in your account; depending on the broker this takes from the next day to a couple of weeks.</p>' +
      NOT_ADVICE,
    sort: 2,
  },
  {
    category: 'Strategy',
    question: 'How are round-up gains taxed?',
    answer:
      "<p>Gains held a short time are usually short-term capital gains. Each broker sends a Form 1099-B. Trades in an IRA follow that account's tax rules. Ask a tax professional about your situation.</p>" +
      NOT_ADVICE,
    sort: 3,
  },
  // Brokers
  {
    category: 'Brokers',
    question: 'Which brokers work best?',
    answer:
      '<p>Look for brokers that return round-up shares quickly, charge no reorganisation fee and let you open several account types. See the <strong>Brokers</strong> page for ratings and typical share return times (community estimates, not broker promises).</p>',
    sort: 0,
  },
  {
    category: 'Brokers',
    question: 'How many accounts should I open?',
    answer:
      '<p>Each account earns the round-up once, so more accounts means more gain per split. A common setup is an individual cash account, a Traditional IRA and a Roth IRA at each broker. Avoid opening too many accounts at a single broker.</p>',
    sort: 1,
  },
  {
    category: 'Brokers',
    question: 'Which brokers should I avoid?',
    answer:
      "<ul><li>Brokers that charge a fee per reverse split (for example E*Trade's reported $38) turn the gain into a loss.</li>" +
      '<li>Brokers that always credit the fraction (for example Alpaca) never round up.</li></ul>',
    sort: 2,
  },
  // Membership
  {
    category: 'Membership',
    question: 'What does Pro include and how much is it?',
    answer:
      '<p>Pro is <strong>$50 per month</strong> and includes the full calendar of upcoming reverse splits, real-time notifications by email, SMS, WhatsApp and Discord, and analytics and reporting. Starter is free and shows a redacted calendar plus learning content.</p>',
    sort: 0,
  },
  {
    category: 'Membership',
    question: 'Can I cancel or get a refund?',
    answer:
      '<p>You can cancel anytime from <strong>Settings → Subscription</strong>. A full refund is available within <strong>7 days of your first purchase</strong>; after that, cancelling stops future billing.</p>',
    sort: 1,
  },
  {
    category: 'Membership',
    question: 'Is there a lifetime membership?',
    answer:
      '<p>Yes. Use the <strong>CLAIM LIFETIME ACCESS</strong> button on the Services page to buy one-time lifetime access instead of a monthly subscription.</p>',
    sort: 2,
  },
  // Affiliate
  {
    category: 'Affiliate',
    question: 'How does the affiliate program work?',
    answer:
      '<p>Share your referral link. When someone registers through it and enrolls in a premium subscription, you earn a <strong>20% commission</strong>.</p>',
    sort: 0,
  },
  {
    category: 'Affiliate',
    question: 'Where do I find my referral link?',
    answer:
      '<p>Go to <strong>Settings → Affiliate</strong>. Your link has the shape <strong>{site}/r/{username}</strong>, for example <strong>/r/jane</strong> on this site. Use the Copy button or the share icons.</p>',
    sort: 1,
  },
  {
    category: 'Affiliate',
    question: 'How many referrals cover my Pro subscription?',
    answer:
      '<p>At 20% of $50, each Pro referral earns $10 per month, so <strong>5 active Pro referrals</strong> cover your monthly Pro subscription.</p>',
    sort: 2,
  },
  {
    category: 'Affiliate',
    question: 'When are commissions paid?',
    answer:
      "<p>Commissions are earned and paid on the referral's <strong>recurring monthly billing date</strong>, for as long as their premium subscription stays active.</p>",
    sort: 3,
  },
  {
    category: 'Affiliate',
    question: 'Which of my referrals count?',
    answer:
      '<p>The referral tracker lists people who signed up through your link in two columns: <strong>Starter</strong> (free) and <strong>Pro</strong> (paying). Only referrals who enroll in a premium subscription earn commission.</p>',
    sort: 4,
  },
];

// ---------------------------------------------------------------------------
// Reverse splits
// ---------------------------------------------------------------------------

export interface SeedSplit {
  name: string;
  ticker: string;
  effDate: string;
  buyDate: string;
  ratio: number;
  price: number;
  estProfit: number;
  avgProfit: number;
  status: 'Approved' | 'Upcoming' | 'Complete';
  rsType: 'Round Up' | 'CIL' | 'Unconfirmed' | 'Dividend' | 'Round Lot';
  source: string;
  notes: string;
  caution: boolean;
}

/** Estimated round-up profit per account: (ratio − 1) × price, to cents. */
export function roundUpProfit(ratio: number, price: number): number {
  return Math.round((ratio - 1) * price * 100 + Number.EPSILON) / 100;
}

const edgar = (ticker: string): string => `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${ticker}`;

const HIST_NOTE = 'Demo price; ratio and date from public trackers.';

interface HistRow {
  name: string;
  ticker: string;
  effDate: string;
  buyDate: string;
  ratio: number;
  price: number;
  avgProfit: number;
  rsType: SeedSplit['rsType'];
  remark?: string;
  caution?: boolean;
  estProfit?: number;
}

function historical(r: HistRow): SeedSplit {
  return {
    name: r.name,
    ticker: r.ticker,
    effDate: r.effDate,
    buyDate: r.buyDate,
    ratio: r.ratio,
    price: r.price,
    estProfit: r.estProfit ?? roundUpProfit(r.ratio, r.price),
    avgProfit: r.avgProfit,
    status: 'Complete',
    rsType: r.rsType,
    source: edgar(r.ticker),
    notes: r.remark ? `${HIST_NOTE} ${r.remark}` : HIST_NOTE,
    caution: r.caution ?? false,
  };
}

export const HISTORICAL_SPLITS: SeedSplit[] = [
  historical({
    name: 'AgEagle Aerial Systems Inc.',
    ticker: 'UAVS',
    effDate: '2024-10-15',
    buyDate: '2024-10-14',
    ratio: 50,
    price: 0.35,
    avgProfit: 15.8,
    rsType: 'Round Up',
  }),
  historical({
    name: 'Movano Inc.',
    ticker: 'MOVE',
    effDate: '2024-10-29',
    buyDate: '2024-10-28',
    ratio: 15,
    price: 0.215,
    avgProfit: 0,
    rsType: 'Round Up',
    remark: 'Round-up shares were later reported clawed back, so the average realised profit is recorded as $0.',
    caution: true,
  }),
  historical({
    name: 'Imunon Inc.',
    ticker: 'IMNN',
    effDate: '2025-07-25',
    buyDate: '2025-07-24',
    ratio: 15,
    price: 0.62,
    avgProfit: 7.9,
    rsType: 'Round Up',
  }),
  historical({
    name: 'Mersana Therapeutics Inc.',
    ticker: 'MRSN',
    effDate: '2025-07-28',
    buyDate: '2025-07-25',
    ratio: 25,
    price: 0.28,
    avgProfit: 0,
    rsType: 'Unconfirmed',
    remark: 'Round-up treatment unconfirmed.',
  }),
  historical({
    name: 'Senmiao Technology Ltd.',
    ticker: 'AIHS',
    effDate: '2025-07-29',
    buyDate: '2025-07-28',
    ratio: 10,
    price: 1.45,
    avgProfit: 0,
    rsType: 'Unconfirmed',
    remark: 'Round-up treatment unconfirmed.',
  }),
  historical({
    name: 'Sutro Biopharma Inc.',
    ticker: 'STRO',
    effDate: '2025-12-03',
    buyDate: '2025-12-02',
    ratio: 10,
    price: 1.12,
    avgProfit: 9.2,
    rsType: 'Round Up',
  }),
  historical({
    name: 'Workhorse Group Inc.',
    ticker: 'WKHS',
    effDate: '2025-12-08',
    buyDate: '2025-12-05',
    ratio: 12,
    price: 0.7325,
    avgProfit: 0,
    rsType: 'Unconfirmed',
    remark: 'Round-up treatment unconfirmed.',
  }),
  historical({
    name: 'Beneficient',
    ticker: 'BENF',
    effDate: '2025-12-15',
    buyDate: '2025-12-12',
    ratio: 8,
    price: 0.38,
    avgProfit: 2.35,
    rsType: 'Round Up',
  }),
  historical({
    name: 'Nuvve Holding Corp.',
    ticker: 'NVVE',
    effDate: '2025-12-15',
    buyDate: '2025-12-12',
    ratio: 40,
    price: 0.1875,
    avgProfit: 6.7,
    rsType: 'Round Up',
  }),
  historical({
    name: 'ProPhase Labs Inc.',
    ticker: 'PRPH',
    effDate: '2025-12-22',
    buyDate: '2025-12-19',
    ratio: 10,
    price: 0.26,
    avgProfit: 2.05,
    rsType: 'Round Up',
  }),
  historical({
    name: 'Co-Diagnostics Inc.',
    ticker: 'CODX',
    effDate: '2026-01-02',
    buyDate: '2025-12-31',
    ratio: 30,
    price: 0.2125,
    avgProfit: 5.6,
    rsType: 'Round Up',
    remark: 'Buy date is 2025-12-31 because US markets are closed on 2026-01-01 (New Year holiday).',
  }),
  historical({
    name: 'Ryvyl Inc.',
    ticker: 'RVYL',
    effDate: '2026-01-02',
    buyDate: '2025-12-31',
    ratio: 35,
    price: 0.41,
    avgProfit: 0,
    rsType: 'Unconfirmed',
    remark:
      'Round-up treatment unconfirmed. Buy date is 2025-12-31 because US markets are closed on 2026-01-01 (New Year holiday).',
  }),
  historical({
    name: 'PAVmed Inc.',
    ticker: 'PAVM',
    effDate: '2026-01-02',
    buyDate: '2025-12-31',
    ratio: 30,
    price: 0.55,
    avgProfit: 0,
    rsType: 'Unconfirmed',
    remark:
      'Round-up treatment unconfirmed. Buy date is 2025-12-31 because US markets are closed on 2026-01-01 (New Year holiday).',
  }),
  historical({
    name: 'NTCI (demo data)',
    ticker: 'NTCI',
    effDate: '2007-08-20',
    buyDate: '2007-08-17',
    ratio: 100,
    price: 0.02,
    // Round lot: a holder below the threshold is raised to 100 shares, worth
    // about 100 × N × p; gain ≈ 100 × 100 × 0.02 − 0.02 = 199.98.
    estProfit: 199.98,
    avgProfit: 190,
    rsType: 'Round Lot',
    remark:
      'Round lot: holders of up to 10,000 shares received 100 post-split shares. Estimated profit follows 100 × ratio × price − price.',
  }),
];

// ---------------------------------------------------------------------------
// Fictional upcoming / recent demo splits relative to "today"
// ---------------------------------------------------------------------------

/** Day of week for a YYYY-MM-DD date: 0 = Sunday … 6 = Saturday. */
function weekday(date: string): number {
  return new Date(Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10))).getUTCDay();
}

function isWeekend(date: string): boolean {
  const d = weekday(date);
  return d === 0 || d === 6;
}

/** Moves a date off a weekend in the given direction (1 forward, −1 back). */
function toWeekday(date: string, direction: 1 | -1): string {
  let d = date;
  while (isWeekend(d)) d = addDays(d, direction);
  return d;
}

/** Effective date: the next weekday after the buy date. */
function nextWeekday(date: string): string {
  return toWeekday(addDays(date, 1), 1);
}

/** First day of the calendar month after the month of `date`. */
function firstOfNextMonth(date: string): string {
  const y = +date.slice(0, 4);
  const m = +date.slice(5, 7); // 1–12
  const ny = m === 12 ? y + 1 : y;
  const nm = m === 12 ? 1 : m + 1;
  return `${ny}-${String(nm).padStart(2, '0')}-01`;
}

interface DemoRow {
  name: string;
  ticker: string;
  buyDate: string;
  ratio: number;
  price: number;
  status: SeedSplit['status'];
  rsType: SeedSplit['rsType'];
  /** Realised average as a share of the estimate (Complete Round Up rows only). */
  realised?: number;
  note?: string;
  caution?: boolean;
}

const DEMO_NOTE = 'Fictional demo split.';

function demo(r: DemoRow): SeedSplit {
  const estProfit = roundUpProfit(r.ratio, r.price);
  const pays = r.status === 'Complete' && (r.rsType === 'Round Up' || r.rsType === 'Round Lot');
  return {
    name: r.name,
    ticker: r.ticker,
    effDate: nextWeekday(r.buyDate),
    buyDate: r.buyDate,
    ratio: r.ratio,
    price: r.price,
    estProfit,
    avgProfit: pays ? Math.round(estProfit * (r.realised ?? 0.9) * 100) / 100 : 0,
    status: r.status,
    rsType: r.rsType,
    source: `https://example.com/demo-splits/${r.ticker.toLowerCase()}`,
    notes: r.note ? `${DEMO_NOTE} ${r.note}` : DEMO_NOTE,
    caution: r.caution ?? false,
  };
}

/**
 * About ten clearly fictional splits placed around `today` (YYYY-MM-DD) so the
 * calendar and tables are never empty. Deterministic for a given `today`.
 */
export function demoUpcomingSplits(today: string): SeedSplit[] {
  const past = (n: number): string => toWeekday(addDays(today, -n), -1);
  const soon = (n: number): string => toWeekday(addDays(today, n), 1);
  const nextMonth = firstOfNextMonth(today);
  const inNextMonth = (n: number): string => toWeekday(addDays(nextMonth, n), 1);

  return [
    demo({
      name: 'Demo Therapeutics Inc.',
      ticker: 'DMOA',
      buyDate: past(35),
      ratio: 20,
      price: 0.42,
      status: 'Complete',
      rsType: 'Round Up',
      realised: 0.92,
    }),
    demo({
      name: 'Demo Bioreactor Corp. (demo)',
      ticker: 'DMBR',
      buyDate: past(18),
      ratio: 10,
      price: 1.15,
      status: 'Complete',
      rsType: 'Round Up',
      realised: 0.88,
    }),
    demo({
      name: 'Fictional Lithium Mining Ltd. (demo)',
      ticker: 'DXQL',
      buyDate: past(6),
      ratio: 25,
      price: 0.31,
      status: 'Complete',
      rsType: 'CIL',
      note: 'Paid cash in lieu of fractional shares, so there was no round-up gain.',
    }),
    demo({
      name: 'Fictional Fuel Cells Inc. (demo)',
      ticker: 'DMFQ',
      buyDate: today,
      ratio: 15,
      price: 0.88,
      status: 'Upcoming',
      rsType: 'Round Up',
      note: 'Buy one share per account today.',
    }),
    demo({
      name: 'Demo Genomics Holdings (demo)',
      ticker: 'DMGZ',
      buyDate: soon(2),
      ratio: 30,
      price: 0.27,
      status: 'Upcoming',
      rsType: 'Round Up',
    }),
    demo({
      name: 'Example EV Motors Corp. (demo)',
      ticker: 'DXVQ',
      buyDate: soon(5),
      ratio: 8,
      price: 2.35,
      status: 'Upcoming',
      rsType: 'Round Up',
      caution: true,
      note: 'Caution: the filing allows the company to pay cash in lieu instead of rounding up, and some brokers have clawed back shares in similar cases. Only trade what you can afford to lose.',
    }),
    demo({
      name: 'Demo Fintech Payments Inc. (demo)',
      ticker: 'DMXU',
      buyDate: soon(9),
      ratio: 12,
      price: 0.64,
      status: 'Upcoming',
      rsType: 'Unconfirmed',
      note: 'Round-up treatment not yet confirmed in the filing.',
    }),
    demo({
      name: 'Fictional Green Robotics Co. (demo)',
      ticker: 'DXZK',
      buyDate: soon(14),
      ratio: 40,
      price: 0.19,
      status: 'Approved',
      rsType: 'Round Up',
      note: 'Approved by admin; not yet published to members.',
    }),
    demo({
      name: 'Demo Solar Storage Inc. (demo)',
      ticker: 'DMQJ',
      buyDate: soon(21),
      ratio: 18,
      price: 0.53,
      status: 'Upcoming',
      rsType: 'Round Up',
    }),
    demo({
      name: 'Demo Health Labs Inc. (demo)',
      ticker: 'DMHQ',
      buyDate: inNextMonth(3),
      ratio: 50,
      price: 0.16,
      status: 'Upcoming',
      rsType: 'Round Up',
    }),
    demo({
      name: 'Fictional Ion Optics Corp. (demo)',
      ticker: 'DXVY',
      buyDate: inNextMonth(10),
      ratio: 5,
      price: 2.9,
      status: 'Upcoming',
      rsType: 'Round Up',
    }),
  ];
}

export const DEMO_PASSWORD_NOTE = 'Demo accounts are for local use only.';
