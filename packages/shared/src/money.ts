/**
 * Money is computed in integer cents (product.md#data-rules): a thousand $0.01 profits sum to
 * exactly $10.00. Share prices may carry four decimals; those are kept in
 * hundredths of a cent ("micros" would be overkill) via toTenThousandths.
 */

/** Parses a dollar amount (number or decimal string) to integer cents, rounding half away from zero. */
export function toCents(value: number | string): number {
  const n = typeof value === 'string' ? Number(value) : value;
  if (!Number.isFinite(n)) throw new RangeError(`not a money amount: ${String(value)}`);
  const scaled = Math.round(Math.abs(n) * 100 + 1e-7);
  return n < 0 ? -scaled : scaled;
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** Sums dollar amounts exactly, through cents. */
export function sumMoney(values: Iterable<number | string>): number {
  let cents = 0;
  for (const v of values) cents += toCents(v);
  return fromCents(cents);
}

/** "$1,234.50" / "-$3.00": dollar sign and two decimals (product.md#limits). */
export function formatMoney(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '$0.00';
  const cents = toCents(value);
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  const rest = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}$${dollars}.${rest}`;
}

/** A share price shown with two to four decimals: $0.1234, $1.50. */
export function formatPrice(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '$0.00';
  const n = Number(value);
  const fixed4 = n.toFixed(4);
  const trimmed = fixed4.replace(/0{1,2}$/, '');
  return `${n < 0 ? '-' : ''}$${trimmed.replace('-', '')}`;
}
