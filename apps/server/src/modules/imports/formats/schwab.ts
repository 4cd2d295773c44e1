import { cell, dateCell, legPrice, maskAccount, numberCell, requiredNumber } from './values';
import type { RowKind, StatementFormat } from './types';

/**
 * Schwab › Accounts › History › Export (CSV): "Date","Action","Symbol","Description","Quantity",
 * "Price","Fees & Comm","Amount", older exports under a title line naming the account
 * ("Transactions for account Individual ...123 as of …") and over a "Transactions Total" line.
 * A reverse split is two "Reverse Split" rows on one day: the old shares removed (negative
 * quantity, often under the old CUSIP) and the new shares added; a fraction is paid as "Cash In Lieu",
 * or credited as a fractional "Reverse Split" quantity; a credited share taken back is a later negative
 * row ("Reverse Split", "Stock Adjustment", "Journaled Shares") of the new symbol.
 */
const ACTIONS: Record<string, RowKind> = {
  buy: 'buy',
  sell: 'sell',
  'cash in lieu': 'cash_in_lieu',
};
/** Actions that move shares with no trade; taking shares out after a credit is the broker taking them back. */
const ADJUSTMENTS = new Set(['stock adjustment', 'adjustment', 'journaled shares', 'security transfer', 'internal transfer']);

export const schwab: StatementFormat = {
  id: 'schwab',
  isHeader: (cells) => cells[0] === 'Date' && cells.includes('Action') && cells.includes('Fees & Comm'),
  accountFromPreamble(cells) {
    const m = /for account\s+(.*?)\s+as of/i.exec(cells[0] ?? '');
    return m ? maskAccount(m[1].split(/\s+/).pop()) : null;
  },
  mapRow(r, line) {
    if (/^transactions total/i.test(cell(r, 'Date'))) return null;
    const action = cell(r, 'Action');
    const date = dateCell(r.Date, 'Date', line);
    const quantity = numberCell(r.Quantity, 'Quantity', line) ?? 0;
    const a = action.toLowerCase();
    let kind: RowKind = ACTIONS[a] ?? 'other';
    if (a === 'reverse split') kind = quantity < 0 ? 'split_out' : 'split_in';
    if (ADJUSTMENTS.has(a) && quantity < 0) kind = 'removal';
    const row = { line, kind, date, symbol: cell(r, 'Symbol').toUpperCase(), action, account: null };
    if (kind === 'buy' || kind === 'sell')
      return { ...row, quantity: Math.abs(quantity), price: legPrice(requiredNumber(r.Price, 'Price', line)), amount: null };
    if (kind === 'cash_in_lieu')
      return { ...row, quantity: 0, price: null, amount: Math.abs(requiredNumber(r.Amount, 'Amount', line)) };
    return { ...row, quantity: Math.abs(quantity), price: null, amount: null };
  },
};
