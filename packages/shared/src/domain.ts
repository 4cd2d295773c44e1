/** Enumerations of product.md#stored and limits of product.md#limits, shared by SQL checks, APIs and UI. */
export const SPLIT_STATUSES = ['Approved', 'Upcoming', 'Complete'] as const;
export type SplitStatus = (typeof SPLIT_STATUSES)[number];

export const RS_TYPES = ['Round Up', 'CIL', 'Unconfirmed', 'Dividend', 'Round Lot'] as const;
export type RsType = (typeof RS_TYPES)[number];

export const ACCOUNT_TYPES = [
  'Individual Cash',
  'Joint Cash',
  'Individual Margin',
  'Joint Margin',
  'Traditional IRA',
  'Roth IRA',
  'HSA',
  'ESA',
  'UGMA/UTMA',
  'SEP',
] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/**
 * Tax-advantaged account types: sales inside them are not reported on Form 8949, so the tax
 * export leaves their trades out. SEP is a SEP-IRA; ESA a Coverdell education
 * savings account. UGMA/UTMA custodial accounts are taxable (to the minor) and stay in.
 */
export const TAX_ADVANTAGED_ACCOUNT_TYPES = [
  'Traditional IRA',
  'Roth IRA',
  'HSA',
  'ESA',
  'SEP',
] as const satisfies readonly AccountType[];

/** Whether sales in an account of this type belong on Form 8949. */
export const isTaxableAccountType = (type: string): boolean =>
  !(TAX_ADVANTAGED_ACCOUNT_TYPES as readonly string[]).includes(type);

export const SHARE_RETURN_TIMES = [0, 1, 2, 3, 4, 5, 10, 14] as const;
export const RATING_MAX = 5;
export const FAQ_SORT_MAX = 5;
export const FAQ_CATEGORIES = ['General', 'Strategy', 'Brokers', 'Membership', 'Affiliate'] as const;

export const COMM_TYPES = ['sms', 'email', 'whatsapp', 'discord'] as const;
export const SMS_AUDIENCES = ['All', 'Pro'] as const;

export const LIMITS = {
  recentSplitsOnLanding: 6,
  completedPageSize: 10,
  adminSplitsPageSize: 20,
  calendarCells: 42,
  smsSegment: 70,
  smsResendSeconds: 59,
  smsMaxCodes: 3,
  bannerMs: 5000,
  dragThresholdPx: 8,
  /** List prices, shown on the prerendered pages; the payment configuration (Stripe) must charge the same. */
  proMonthlyUsd: 50,
  lifetimeUsd: 499,
  refundWindowDays: 7,
  affiliateCommissionPct: 20,
} as const;
