import { column, ExchangeListError, listDate, optionalColumn, readTable, reverseRatio, type ListedSplit } from './parse';

/** An optional cell, upper-cased; null when the column is absent or the cell empty. */
const cell = (r: string[], i: number) => (i >= 0 && r[i] ? r[i].toUpperCase() : null);

/**
 * Nasdaq Trader's Daily List (corporate actions; reverse splits appear two business days before the
 * market effective date, with the new CUSIP): pipe-delimited, a header row, a "File Creation Time"
 * trailer. Only reverse-split rows are kept. See decision 022 for the columns and their sources.
 */
export function parseNasdaqDailyList(text: string, url: string): ListedSplit[] {
  const t = readTable(text, 'nasdaq', url);
  const c = {
    event: column(t, ['event type', 'event'], 'nasdaq', url),
    date: column(t, ['effective date', 'market effective date'], 'nasdaq', url),
    symbol: column(t, ['old symbol', 'symbol', 'issue symbol'], 'nasdaq', url),
    ratio: column(t, ['split ratio', 'ratio'], 'nasdaq', url),
    newSymbol: optionalColumn(t, ['new symbol']),
    cusip: optionalColumn(t, ['new cusip']),
    name: optionalColumn(t, ['issue name', 'security name', 'old issue name']),
  };
  const out: ListedSplit[] = [];
  t.rows.forEach((r, i) => {
    if (!/reverse/i.test(r[c.event])) return;
    const marketDate = listDate(r[c.date]);
    const ratio = reverseRatio(r[c.ratio]);
    if (!marketDate || !r[c.symbol])
      throw new ExchangeListError(`line ${i + 2}: a reverse split without a symbol or a valid effective date`, 'nasdaq', url);
    if (ratio === null) throw new ExchangeListError(`line ${i + 2}: "${r[c.ratio]}" is not a reverse-split ratio`, 'nasdaq', url);
    const name = c.name >= 0 ? r[c.name] : '';
    out.push({
      source: 'nasdaq',
      symbol: r[c.symbol].toUpperCase(),
      newSymbol: cell(r, c.newSymbol),
      cusip: cell(r, c.cusip),
      ratio,
      marketDate,
      name,
      url,
    });
  });
  return out;
}

/** "Symbol**" marks NSCC clearing eligibility on FINRA's list, not part of the symbol. */
const finraSymbol = (v: string) => v.replace(/\*+$/, '').trim().toUpperCase();

/**
 * FINRA's OTC Daily List (OTC issuers): delimited, a header row with FINRA's column names
 * (DailyListDate, Type, NewSymbol, OldSymbol, NewName, OldName, EffDate, Comments, …). A row is a
 * reverse split when its Type or Comments say so; the ratio comes from a split-ratio column when the
 * file has one, else from the comment ("1-for-20 Reverse Split").
 */
export function parseFinraDailyList(text: string, url: string): ListedSplit[] {
  const t = readTable(text, 'finra', url);
  const c = {
    type: column(t, ['type'], 'finra', url),
    date: column(t, ['effdate', 'effective date'], 'finra', url),
    oldSymbol: column(t, ['oldsymbol', 'old symbol'], 'finra', url),
    newSymbol: column(t, ['newsymbol', 'new symbol'], 'finra', url),
    comments: column(t, ['comments'], 'finra', url),
    ratio: optionalColumn(t, ['splitratio', 'split ratio', 'rate']),
    cusip: optionalColumn(t, ['newcusip', 'new cusip']),
    name: optionalColumn(t, ['oldname', 'old name', 'newname']),
  };
  const out: ListedSplit[] = [];
  t.rows.forEach((r, i) => {
    if (!/reverse/i.test(`${r[c.type]} ${r[c.comments]}`)) return;
    const marketDate = listDate(r[c.date]);
    const symbol = finraSymbol(r[c.oldSymbol] || r[c.newSymbol]);
    if (!marketDate || !symbol)
      throw new ExchangeListError(`line ${i + 2}: a reverse split without a symbol or a valid EffDate`, 'finra', url);
    const ratio = reverseRatio(c.ratio >= 0 && r[c.ratio] ? r[c.ratio] : r[c.comments]);
    const newSymbol = finraSymbol(r[c.newSymbol]);
    const name = c.name >= 0 ? r[c.name] : '';
    const changed = newSymbol && newSymbol !== symbol ? newSymbol : null;
    out.push({ source: 'finra', symbol, newSymbol: changed, cusip: cell(r, c.cusip), ratio, marketDate, name, url });
  });
  return out;
}
