/** Money and date formatting live in @roundup/shared so server and web agree. */
export { formatMoney, formatPrice, sumMoney, toCents, fromCents } from '@roundup/shared/money';
export { formatIsoDate, formatInMarketTz, todayInMarket, addDays, daysBetween, MARKET_TZ } from '@roundup/shared/dates';

/** product.md#limits date patterns. */
export const MONTH_YEAR = 'MMMM yyyy';
export const LONG_DATE = 'MMMM dd, yyyy';

/** A count with thousands separators: 1234 → "1,234". */
export const formatCount = (n: number): string => n.toLocaleString('en-US');

/** A count and its noun: (1, 'member') → "1 member", (1234, 'member') → "1,234 members". */
export const countOf = (n: number, one: string, many = `${one}s`): string => `${formatCount(n)} ${n === 1 ? one : many}`;
