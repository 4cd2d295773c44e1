import { LIMITS } from '@roundup/shared/domain';

/** Starter vs Pro (product.md#what-roundup-is): what each tier includes, shown on the landing and services pages. */
export interface PlanFeature {
  label: string;
  starter: boolean | string;
  pro: boolean | string;
}

/**
 * The list prices, as the pages render at build (decision 015): every price is in the HTML without the
 * app. Once the app runs, the payment configuration's price (GET /api/site) replaces them.
 */
export const PRO_PRICE_LABEL = `$${LIMITS.proMonthlyUsd}/mo.`;
export const LIFETIME_PRICE_LABEL = `$${LIMITS.lifetimeUsd}`;

/** The features of each tier; Discord is named only when the site has a Discord server. */
export function planFeatures(discord: boolean): PlanFeature[] {
  return PLAN_FEATURES.map((f) =>
    f.label.includes('Discord') && !discord ? { ...f, label: 'Real-time alerts by email, SMS and WhatsApp' } : f,
  );
}

export const PLAN_FEATURES: PlanFeature[] = [
  { label: 'Learn: splits, reverse splits and the five round-up outcomes', starter: true, pro: true },
  { label: 'Onboarding classes and the Quick Start guide', starter: true, pro: true },
  { label: 'Broker directory with share return times', starter: true, pro: true },
  { label: 'Reverse-split calendar', starter: 'Redacted', pro: 'Full' },
  { label: 'Upcoming reverse splits: names, tickers and trade tracker', starter: false, pro: true },
  { label: 'Real-time alerts by email, SMS, WhatsApp and Discord', starter: false, pro: true },
  { label: 'Analytics and reporting', starter: false, pro: true },
];

export const STARTER_SUMMARY = 'Learn the strategy and follow the redacted calendar.';
export const PRO_SUMMARY = 'Every upcoming reverse split, the moment it is announced.';

export const CANCELLATION_TERMS = `Cancel anytime. A full refund is available within ${LIMITS.refundWindowDays} days of your first purchase.`;
