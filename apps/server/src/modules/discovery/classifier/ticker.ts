/**
 * The issuer's trading symbol (docs/discovery.md): dei:TradingSymbol on the iXBRL cover, else the
 * 8-K cover table's trading-symbol column (the common stock's row), else the search result's
 * display names ("Foo Corp  (FOO, FOOW)  (CIK 0001234567)"). Warrant, unit and right symbols are
 * dropped when the base symbol is listed too, or when their suffix says so (FOO.WS, FOO-WT, FOO.U).
 */
const SYMBOL = /^[A-Z][A-Z0-9]{0,5}(?:[.-][A-Z0-9]{1,3})?$/;

/** A cover cell that says there is no symbol ("N/A", "None", "Not applicable"): never split into "N" and "A". */
const NO_SYMBOL = /\bN\/A\b|^\s*(?:none|not applicable|n\.a\.?|-+)\s*$/i;

function dropDerivatives(symbols: string[]): string[] {
  const clean = symbols.map((s) => s.trim().toUpperCase()).filter((s) => SYMBOL.test(s));
  const set = new Set(clean);
  return clean.filter((s) => {
    if (/[.-](?:WS|WT|W|U|UN|R|RT)$/.test(s)) return false;
    const base = /^(.+?)(?:WS|W|U|R|RT)$/.exec(s)?.[1];
    return !(base && set.has(base));
  });
}

const OTHER_CLASS =
  /\bwarrants?\b|\bunits?\b|\brights?\b|\bpreferred\b|\bnotes?\b|\bdepositary shares, each representing a fraction/i;

/**
 * A release names its symbol after the exchange: "(Nasdaq: ODDR)", "(NASDAQ: SEGG, LTRYW)",
 * "(NYSE American: OGEN)", "(OTCQB: CRTD)". US markets only; the symbols are in capitals.
 */
const EXCHANGE_SYMBOL =
  /\((?:nasdaq|nyse(?: american| arca| mkt)?|otc(?:qb|qx| markets| pink)?)\s*:\s*\(?([A-Z][A-Z0-9.-]{0,7}(?:\s*,\s*[A-Z][A-Z0-9.-]{0,7})*)\)/gi;

function fromText(text: string): string | null {
  for (const m of text.matchAll(EXCHANGE_SYMBOL)) {
    const symbols = m[1].split(/\s*,\s*/).filter((s) => /^[A-Z][A-Z0-9.-]*$/.test(s));
    const kept = dropDerivatives(symbols);
    if (kept.length) return kept[0];
  }
  return null;
}

export function findTicker(ix: string[], coverRows: string[][], displayNames: readonly string[] = [], text = ''): string | null {
  const fromIx = dropDerivatives(ix.filter((s) => !NO_SYMBOL.test(s)));
  if (fromIx.length) return fromIx[0];
  const header = coverRows.findIndex((r) => r.some((c) => /trading\s*symbol/i.test(c)));
  if (header >= 0) {
    const col = coverRows[header].findIndex((c) => /trading\s*symbol/i.test(c));
    const rows = coverRows.slice(header + 1).filter((r) => r[col] && !OTHER_CLASS.test(r[0] ?? ''));
    const symbols = dropDerivatives(rows.flatMap((r) => (NO_SYMBOL.test(r[col] ?? '') ? [] : (r[col] ?? '').split(/[,/\s]+/))));
    if (symbols.length) return symbols[0];
  }
  for (const name of displayNames) {
    const list = /\(([A-Z0-9.,\s-]+)\)\s*\(CIK/i.exec(name)?.[1];
    if (!list) continue;
    const symbols = dropDerivatives(list.split(/[,\s]+/));
    if (symbols.length) return symbols[0];
  }
  return fromText(text);
}
