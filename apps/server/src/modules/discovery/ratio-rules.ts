/**
 * How a filing's ratio is kept. The calendar's ratio is a whole 1-for-N (members read "N:1" and the
 * profit estimate multiplies by it), so a ratio that is not whole (1-for-4.3) is never rounded into
 * it: the proposal keeps it exactly, the admin enters the whole ratio when accepting, and the exact
 * one goes into the split's notes. Pure.
 */
export interface StoredRatio {
  ratio: number | null;
  ratioExact: number | null;
  ratioMin: number | null;
  ratioMax: number | null;
}

export function storedRatio(ratio: number | null, range: { min: number; max: number } | null): StoredRatio {
  const whole = ratio !== null && Number.isInteger(ratio);
  return {
    ratio: whole ? ratio : null,
    ratioExact: ratio !== null && !whole ? ratio : null,
    // Whole bounds that hold the authorised range, so a ratio selected inside it continues the event.
    ratioMin: range ? Math.floor(range.min) : null,
    ratioMax: range ? Math.ceil(range.max) : null,
  };
}

export const exactRatioText = (exact: number) => `The filing states a 1-for-${exact} ratio, not a whole number.`;

/** The split's notes with the exact ratio in front, said once. */
export function withExactRatio(notes: string | null, exact: number | null): string | null {
  if (exact === null) return notes;
  const said = exactRatioText(exact);
  if (notes?.includes(said)) return notes;
  return notes ? `${said} ${notes}` : said;
}
