import { cell, dateCell, legPrice, maskAccount, numberCell, requiredNumber } from './values';
import type { RowKind, StatementFormat, StatementRow } from './types';

/**
 * Interactive Brokers › Reports › Flex Queries, CSV with column headers: each section (Trades,
 * Corporate Actions) starts with its own header line ("ClientAccountID","AccountAlias",…), and
 * with "Include header and trailer records" the file carries BOF/BOA/BOS/EOS/EOA/EOF lines (skipped
 * by the reader). Trades: Symbol, TradeDate (yyyyMMdd), TransactionType, Quantity (signed),
 * TradePrice, Proceeds, Buy/Sell, AssetClass; the fraction left by a reverse split is sold on split
 * day as TransactionType "FracShare" (cash in lieu). Corporate actions: Type "RS" rows, the old
 * shares out (negative, symbol ending ".OLD") and the new shares in.
 */
function tradeRow(
  r: Readonly<Record<string, string>>,
  line: number,
  base: Omit<StatementRow, 'kind' | 'quantity' | 'price' | 'amount'>,
): StatementRow {
  const type = cell(r, 'TransactionType');
  const quantity = requiredNumber(r.Quantity, 'Quantity', line);
  const side = cell(r, 'Buy/Sell').toUpperCase();
  const summary = cell(r, 'LevelOfDetail') !== '' && cell(r, 'LevelOfDetail') !== 'EXECUTION';
  let kind: RowKind = side === 'BUY' ? 'buy' : side === 'SELL' ? 'sell' : 'other';
  if (cell(r, 'AssetClass') !== 'STK' || summary || /cancel/i.test(type)) kind = 'other';
  if (type === 'FracShare')
    return {
      ...base,
      kind: 'cash_in_lieu',
      action: type,
      quantity: Math.abs(quantity),
      price: null,
      amount: Math.abs(requiredNumber(r.Proceeds, 'Proceeds', line)),
    };
  const price = kind === 'other' ? null : legPrice(requiredNumber(r.TradePrice, 'TradePrice', line));
  return { ...base, kind, action: [type, side].filter(Boolean).join(' '), quantity: Math.abs(quantity), price, amount: null };
}

export const ibkr: StatementFormat = {
  id: 'ibkr',
  isHeader: (cells) => cells[0] === 'ClientAccountID' && cells.includes('Symbol'),
  mapRow(r, line) {
    const symbol = cell(r, 'Symbol')
      .toUpperCase()
      .replace(/\.OLD$/, '');
    const account = maskAccount(cell(r, 'ClientAccountID'));
    if ('TradePrice' in r) {
      const date = dateCell(r.TradeDate || r.DateTime || r['Date/Time'], 'TradeDate', line);
      return tradeRow(r, line, { line, date, symbol, action: '', account });
    }
    const type = cell(r, 'Type');
    const date = dateCell(r['Date/Time'] || r.ReportDate || r['Report Date'], 'Date/Time', line);
    const quantity = numberCell(r.Quantity, 'Quantity', line) ?? 0;
    const kind: RowKind = type === 'RS' ? (quantity < 0 ? 'split_out' : 'split_in') : 'other';
    return {
      line,
      kind,
      date,
      symbol,
      action: type || 'Corporate action',
      account,
      quantity: Math.abs(quantity),
      price: null,
      amount: null,
    };
  },
};
