/** Money and date formatting live in @roundup/shared so server and web agree. */
export { formatMoney, formatPrice, sumMoney, toCents, fromCents } from '@roundup/shared/money';
export {
  formatIsoDate,
  formatInMarketTz,
  todayInMarket,
  addDays,
  daysBetween,
  MARKET_TZ,
} from '@roundup/shared/dates';

/** SPEC §9 date patterns. */
export const MONTH_YEAR = 'MMMM yyyy';
export const LONG_DATE = 'MMMM dd, yyyy';
