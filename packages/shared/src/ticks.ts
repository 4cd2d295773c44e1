/** Money in integer ten-thousandths of a dollar (moved out of trades.ts; read by trades and analytics). */

/** Prices carry up to four decimals: exact integer ten-thousandths of a dollar ("ticks"). */
export const TICKS_PER_DOLLAR = 10_000;

/** Parses a price (pg numeric string like "12.3400", or a number) to integer ticks; null stays null. */
export function priceToTicks(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Math.round(value * TICKS_PER_DOLLAR);
  // Allocation-free decimal parse (analytics runs this on tens of thousands of rows).
  const len = value.length;
  let i = 0;
  let neg = false;
  if (value.charCodeAt(0) === 45) {
    neg = true;
    i = 1;
  }
  let whole = 0;
  let frac = 0;
  let fracDigits = 0;
  let roundUp = 0;
  let dot = false;
  let any = false;
  for (; i < len; i++) {
    const c = value.charCodeAt(i);
    if (c === 46 && !dot) {
      dot = true;
      continue;
    }
    if (c < 48 || c > 57) {
      const n = Number(value);
      return Number.isFinite(n) ? Math.round(n * TICKS_PER_DOLLAR) : null;
    }
    any = true;
    const d = c - 48;
    if (!dot) whole = whole * 10 + d;
    else if (fracDigits < 4) {
      frac = frac * 10 + d;
      fracDigits += 1;
    } else if (fracDigits === 4) {
      roundUp = d >= 5 ? 1 : 0;
      fracDigits += 1;
    }
  }
  if (!any) return null;
  for (let k = Math.min(fracDigits, 4); k < 4; k++) frac *= 10;
  const ticks = whole * TICKS_PER_DOLLAR + frac + roundUp;
  return neg ? -ticks : ticks;
}

/** Ticks to integer cents, rounding half away from zero. */
export function ticksToCents(ticks: number): number {
  const abs = Math.abs(ticks);
  const cents = Math.floor(abs / 100) + (abs % 100 >= 50 ? 1 : 0);
  return ticks < 0 ? -cents : cents;
}
