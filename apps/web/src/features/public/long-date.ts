const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * 'YYYY-MM-DD' → 'MMMM dd, yyyy' (product.md#limits), e.g. '2026-03-01' → 'March 01, 2026'.
 * A tiny string formatter so the landing route does not load date-fns and zod (product.md#budgets JS budget);
 * it matches lib/format's formatIsoDate(date, LONG_DATE) for valid dates.
 */
export function formatLongDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  const month = MONTHS[Number(m[2]) - 1];
  return month ? `${month} ${m[3]}, ${m[1]}` : iso;
}
