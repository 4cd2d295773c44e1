/**
 * Parsers of the two lists that confirm a reverse split (decision 022). Both are delimited text with
 * a header row; columns are found by their header names, so a column added or moved by the
 * publisher does not break the reading, and a file without a required column is refused whole
 * (ExchangeListError: nothing from it is stored).
 */
export type ListSource = 'nasdaq' | 'finra';

export interface ListedSplit {
  source: ListSource;
  /** The symbol before the split. */
  symbol: string;
  /** The symbol after it, when it changes (often a fifth letter or a new ticker). */
  newSymbol: string | null;
  /** The new CUSIP the split brings (Nasdaq lists it two business days ahead). */
  cusip: string | null;
  /** N of a 1-for-N reverse split; null when the entry does not state it. */
  ratio: number | null;
  /** The market effective date: the first session on the split-adjusted basis (YYYY-MM-DD). */
  marketDate: string;
  name: string;
  /** The list it came from. */
  url: string;
}

export class ExchangeListError extends Error {
  constructor(
    message: string,
    readonly source: ListSource,
    readonly url: string,
  ) {
    super(message);
    this.name = 'ExchangeListError';
  }
}

/** MM/DD/YYYY, YYYYMMDD or YYYY-MM-DD → YYYY-MM-DD; null when it is none of them or not a real day. */
export function listDate(raw: string): string | null {
  const v = raw.trim();
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  const iso8601 = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(v);
  const parts = us ? [us[3], us[1], us[2]] : iso8601 ? [iso8601[1], iso8601[2], iso8601[3]] : null;
  if (!parts) return null;
  const iso = `${parts[0]}-${parts[1].padStart(2, '0')}-${parts[2].padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
}

/**
 * A reverse-split ratio as lists write it → N (of 1-for-N): "1-for-30", "1 for 30", "1:30",
 * "30:1" or "30 to 1" (old to new), "0.0333" (a factor under 1). Null when it is not a reverse split.
 */
export function reverseRatio(raw: string): number | null {
  const v = raw.trim().toLowerCase();
  let m =
    /(\d+(?:\.\d+)?)\s*(?:-|\s)?\s*for\s*(?:-|\s)?\s*(\d+(?:\.\d+)?)/.exec(v) ??
    /(\d+(?:\.\d+)?)\s*(?::|to)\s*(\d+(?:\.\d+)?)/.exec(v);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (!(a > 0 && b > 0) || a === b) return null;
    // "1-for-30" and "1:30" name the new share first; "30:1" / "30 to 1" the old shares first.
    const n = Math.max(a, b) / Math.min(a, b);
    return Number.isInteger(n) ? n : Math.round(n);
  }
  m = /^0?\.\d+$/.exec(v);
  if (m) {
    const n = Math.round(1 / Number(v));
    return n >= 2 ? n : null;
  }
  return null;
}

interface Table {
  header: string[];
  rows: string[][];
}

/** Delimited text with a header row: pipe or tab, detected from the header; trailer lines skipped. */
export function readTable(text: string, source: ListSource, url: string): Table {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  if (lines.length === 0) throw new ExchangeListError('the list is empty (no header row)', source, url);
  const delimiter = lines[0].includes('|') ? '|' : lines[0].includes('\t') ? '\t' : null;
  if (!delimiter) throw new ExchangeListError('the list has no pipe- or tab-delimited header row', source, url);
  const header = lines[0].split(delimiter).map((h) => h.trim().toLowerCase());
  const rows = lines
    .slice(1)
    // Nasdaq Trader files end with a "File Creation Time: mmddyyyyhhmm|||" row.
    .filter((l) => !/^file creation time/i.test(l.trim()))
    .map((l) => l.split(delimiter).map((c) => c.trim()));
  rows.forEach((r, i) => {
    if (r.length !== header.length)
      throw new ExchangeListError(`line ${i + 2} has ${r.length} fields where the header has ${header.length}`, source, url);
  });
  return { header, rows };
}

/** The index of the first header among `names` (lower case), or an error naming the column. */
export function column(t: Table, names: readonly string[], source: ListSource, url: string): number {
  const i = t.header.findIndex((h) => names.includes(h));
  if (i < 0) throw new ExchangeListError(`the list has no "${names[0]}" column`, source, url);
  return i;
}

export const optionalColumn = (t: Table, names: readonly string[]) => t.header.findIndex((h) => names.includes(h));
