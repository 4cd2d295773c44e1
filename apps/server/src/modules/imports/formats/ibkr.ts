import { cell, dateCell, legPrice, maskAccount, numberCell, requiredNumber } from './values';
import type { RowKind, StatementFormat, StatementRow } from './types';

/**
 * Interactive Brokers, three CSV exports (decision 030):
 * - Flex queries (Reports › Flex Queries): the member picks the sections and the columns and their order,
 *   so a header is known by its column names, not its first cell: a date (TradeDate, Date/Time, DateTime),
 *   Quantity, a side or a price (Buy/Sell, TradePrice, Price) and Symbol or ISIN. With "Include header and
 *   trailer records" the file carries BOF/BOA/BOS/EOS/EOA/EOF lines; with "Include section code and line
 *   descriptor" each line starts "HEADER","TRNT" or "DATA","TRNT" (the reader strips both). The fraction a
 *   reverse split leaves is sold on split day as TransactionType "FracShare" (cash in lieu); corporate
 *   actions are Type "RS" rows, the old shares out (negative, symbol ending ".OLD") and the new ones in.
 * - Trade Confirmation Flex queries: the same columns, dates written "2021-03-03,10:32:45".
 * - The Activity Statement (Reports › Statements › CSV): sections "Trades,Header,…" / "Trades,Data,…" with
 *   "DataDiscriminator" (Order rows are the trades), "T. Price" and a signed Quantity; "Corporate Actions"
 *   rows name the ticker and the split in their Description.
 */
const has = (cells: readonly string[], ...names: string[]) => names.some((n) => cells.includes(n));

const isTradesHeader = (c: readonly string[]) =>
  has(c, 'Symbol', 'ISIN') &&
  has(c, 'Quantity') &&
  has(c, 'TradeDate', 'Date/Time', 'DateTime') &&
  has(c, 'Buy/Sell', 'TradePrice', 'T. Price', 'Price');
const isCorporateActionsHeader = (c: readonly string[]) =>
  has(c, 'Quantity') && ((has(c, 'Type') && has(c, 'Symbol')) || has(c, 'Description')) && has(c, 'ReportDate', 'Report Date');

/** Activity Statement DataDiscriminator values that are trades (the others repeat them: executions, closed lots). */
const TRADE_LINES = new Set(['', 'Order', 'Trade']);

function tradeRow(
  r: Readonly<Record<string, string>>,
  line: number,
  base: Pick<StatementRow, 'line' | 'date' | 'symbol' | 'account'>,
) {
  const type = cell(r, 'TransactionType');
  const quantity = requiredNumber(r.Quantity, 'Quantity', line);
  const side = cell(r, 'Buy/Sell').toUpperCase() || (quantity < 0 ? 'SELL' : 'BUY');
  const detail = cell(r, 'LevelOfDetail');
  const asset = cell(r, 'AssetClass') || cell(r, 'Asset Category') || 'STK';
  let kind: RowKind = side.startsWith('BUY') ? 'buy' : side.startsWith('SELL') ? 'sell' : 'other';
  if (!['STK', 'Stocks'].includes(asset) || (detail !== '' && detail !== 'EXECUTION') || /cancel/i.test(type)) kind = 'other';
  if (/^(OPT|FOP|Equity and Index Options|Options)/.test(asset)) kind = 'option';
  if (type === 'FracShare')
    return {
      ...base,
      kind: 'cash_in_lieu' as const,
      action: type,
      quantity: Math.abs(quantity),
      price: null,
      amount: Math.abs(requiredNumber(r.Proceeds, 'Proceeds', line)),
    };
  const priceColumn = ['TradePrice', 'T. Price', 'Price'].find((c) => c in r) ?? 'TradePrice';
  const price = kind === 'buy' || kind === 'sell' ? legPrice(requiredNumber(r[priceColumn], priceColumn, line)) : null;
  const isin = !base.symbol && cell(r, 'ISIN') ? `ISIN ${cell(r, 'ISIN')}` : '';
  return {
    ...base,
    kind,
    action: [type, side, isin].filter(Boolean).join(' '),
    quantity: Math.abs(quantity),
    price,
    amount: null,
  };
}

/** A corporate action: Flex's Type "RS", or the Activity Statement's "XYZ(US…) Split 1 for 10 (…)". */
function corporateActionRow(
  r: Readonly<Record<string, string>>,
  line: number,
  base: Pick<StatementRow, 'line' | 'date' | 'symbol' | 'account'>,
): StatementRow {
  const description = cell(r, 'Description');
  const quantity = numberCell(r.Quantity, 'Quantity', line) ?? 0;
  const type = cell(r, 'Type');
  const split = type === 'RS' || (!type && /\bsplit\s+1\s+for\s+\d+/i.test(description));
  const symbol = base.symbol || (/^([A-Z][A-Z0-9.]{0,9})\(/.exec(description)?.[1] ?? '').replace(/\.OLD$/, '');
  return {
    ...base,
    symbol,
    // Any other corporate action taking shares out (IBKR books a reversal as a negative adjustment).
    kind: split ? (quantity < 0 ? 'split_out' : 'split_in') : quantity < 0 && base.symbol ? 'removal' : 'other',
    action: type || description.slice(0, 60) || 'Corporate action',
    quantity: Math.abs(quantity),
    price: null,
    amount: null,
  };
}

export const ibkr: StatementFormat = {
  id: 'ibkr',
  isHeader: (cells) => !has(cells, 'Transaction Code') && (isTradesHeader(cells) || isCorporateActionsHeader(cells)),
  mapRow(r, line) {
    if (!TRADE_LINES.has(cell(r, 'DataDiscriminator'))) return null;
    const symbol = cell(r, 'Symbol')
      .toUpperCase()
      .replace(/\.OLD$/, '');
    const account = maskAccount(cell(r, 'ClientAccountID') || cell(r, 'Account'));
    const dateColumn = ['TradeDate', 'Date/Time', 'DateTime', 'ReportDate', 'Report Date'].find((c) => cell(r, c) !== '');
    const date = dateCell(dateColumn ? r[dateColumn] : '', dateColumn ?? 'TradeDate', line);
    const base = { line, date, symbol, account };
    const tradeColumns = 'Buy/Sell' in r || 'T. Price' in r || 'TradePrice' in r;
    return 'Type' in r || ('Description' in r && !tradeColumns) ? corporateActionRow(r, line, base) : tradeRow(r, line, base);
  },
};
