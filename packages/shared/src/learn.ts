/**
 * The arithmetic of the Learn pages and their profit calculator (product.md#what-roundup-is, product.md#screens /learn).
 * Source: ../shared/reference/brokers-and-splits.md "The profit arithmetic".
 *
 * One share bought at price p before a 1-for-N reverse split becomes 1/N of a share.
 * What the broker does with that fraction decides the result (per account, before fees):
 *   - round up shares: one whole share worth N × p → profit (N − 1) × p
 *   - round up lots:   a full round lot (100 shares) worth 100 × N × p → profit 100 × N × p − p
 *   - cash in lieu:    the fraction is paid in cash (≈ p) → profit 0
 *   - round to nearest: a whole share when the fraction is ≥ 0.5 (N ≤ 2), else nothing
 *   - round down:      the fraction is dropped → loss of p
 *
 * Prices may carry four decimals, so they are handled in ten-thousandths of a dollar and
 * results are rounded once, to whole cents (product.md#data-rules: money in integer cents).
 */

export const ROUND_LOT_SHARES = 100;

export const OUTCOMES = ['roundUpLots', 'roundUpShares', 'cashInLieu', 'roundToNearest', 'roundDown'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const OUTCOME_LABELS: Record<Outcome, string> = {
  roundUpLots: 'Round up lots',
  roundUpShares: 'Round up shares',
  cashInLieu: 'Cash in lieu',
  roundToNearest: 'Round to nearest',
  roundDown: 'Round down',
};

export interface CalculatorInput {
  /** Pre-split share price in dollars (up to four decimals). */
  price: number;
  /** N of a 1-for-N reverse split (whole number ≥ 2). */
  ratio: number;
  /** Brokerage accounts that each buy one share (whole number ≥ 1). */
  accounts: number;
}

export interface OutcomeResult {
  outcome: Outcome;
  label: string;
  /** Profit (negative: loss) per account, in cents. */
  perAccountCents: number;
  /** perAccountCents × accounts. */
  totalCents: number;
}

export const CALCULATOR_LIMITS = {
  priceMax: 10_000,
  ratioMin: 2,
  ratioMax: 1_000,
  accountsMin: 1,
  accountsMax: 100,
} as const;

/** Why an input cannot be calculated, or null when it can. */
export function validateCalculatorInput(input: CalculatorInput): string | null {
  const { price, ratio, accounts } = input;
  if (!Number.isFinite(price) || price <= 0) return 'Enter a share price above $0.';
  if (price > CALCULATOR_LIMITS.priceMax)
    return `Enter a share price up to $${CALCULATOR_LIMITS.priceMax.toLocaleString('en-US')}.`;
  if (!Number.isInteger(ratio) || ratio < CALCULATOR_LIMITS.ratioMin || ratio > CALCULATOR_LIMITS.ratioMax)
    return `Enter a whole split ratio from ${CALCULATOR_LIMITS.ratioMin} to ${CALCULATOR_LIMITS.ratioMax}.`;
  if (!Number.isInteger(accounts) || accounts < CALCULATOR_LIMITS.accountsMin || accounts > CALCULATOR_LIMITS.accountsMax)
    return `Enter a whole number of accounts from ${CALCULATOR_LIMITS.accountsMin} to ${CALCULATOR_LIMITS.accountsMax}.`;
  return null;
}

/** Price in ten-thousandths of a dollar (four decimals), rounded half away from zero. */
function toTenThousandths(price: number): number {
  return Math.round(price * 10_000 + 1e-7);
}

/** Ten-thousandths of a dollar → whole cents, rounded half away from zero. */
function tenThousandthsToCents(value: number): number {
  const abs = Math.round(Math.abs(value) / 100 + 1e-9);
  return value < 0 ? -abs : abs;
}

/** Profit per account in cents for one outcome (before fees). */
export function profitPerAccountCents(outcome: Outcome, price: number, ratio: number): number {
  const p = toTenThousandths(price);
  switch (outcome) {
    case 'roundUpShares':
      return tenThousandthsToCents((ratio - 1) * p);
    case 'roundUpLots':
      return tenThousandthsToCents(ROUND_LOT_SHARES * ratio * p - p);
    case 'cashInLieu':
      return 0;
    case 'roundToNearest':
      // The fraction 1/N rounds to a whole share only when it is at least one half.
      return 1 / ratio >= 0.5 ? tenThousandthsToCents((ratio - 1) * p) : tenThousandthsToCents(-p);
    case 'roundDown':
      return tenThousandthsToCents(-p);
  }
}

/** Every outcome for one split, in the order the Learn page explains them. */
export function calculateOutcomes(input: CalculatorInput): OutcomeResult[] {
  return OUTCOMES.map((outcome) => {
    const perAccountCents = profitPerAccountCents(outcome, input.price, input.ratio);
    return { outcome, label: OUTCOME_LABELS[outcome], perAccountCents, totalCents: perAccountCents * input.accounts };
  });
}

export interface EarningsInput {
  /** Round-up splits traded per month. */
  splitsPerMonth: number;
  /** Trades (one share in one account) per split. */
  tradesPerSplit: number;
  /** Average profit per trade in dollars. */
  averageProfit: number;
}

export interface EarningsResult {
  monthlyCents: number;
  yearlyCents: number;
}

/** The earnings example (product.md#what-roundup-is): 15 splits a month × 20 trades × $3.32 = $996 a month, $11,952 a year. */
export function projectEarnings(input: EarningsInput): EarningsResult {
  const avgCents = Math.round(input.averageProfit * 100 + (input.averageProfit < 0 ? -1e-7 : 1e-7));
  const monthlyCents = input.splitsPerMonth * input.tradesPerSplit * avgCents;
  return { monthlyCents, yearlyCents: monthlyCents * 12 };
}

/** The marketing example of product.md#what-roundup-is, used on the landing and Learn pages. */
export const EARNINGS_EXAMPLE = {
  companies: 90,
  months: 6,
  splitsPerMonth: 15,
  tradesPerSplit: 20,
  averageProfit: 3.32,
} as const;
