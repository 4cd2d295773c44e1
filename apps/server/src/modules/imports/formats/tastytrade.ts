import { cell, dateCell, legPrice, numberCell, requiredNumber } from './values';
import type { RowKind, StatementFormat, StatementRow } from './types';

/**
 * tastytrade › History › Transactions › CSV: "Date,Type,Sub Type,Action,Symbol,Instrument Type,
 * Description,Value,Quantity,Average Price,Commissions,Fees,Multiplier,Root Symbol,Underlying
 * Symbol,Expiration Date,Strike Price,Call or Put,Order #,Currency" (older exports lack Sub Type,
 * Root Symbol, Order # and Currency). Dates are ISO date-times; quantities are unsigned, Value and
 * Average Price signed. A reverse split is a "Receive Deliver" pair (SELL_TO_CLOSE the old shares,
 * BUY_TO_OPEN the new); the rounded-up share comes as a separate "Rounding Correction" a day later.
 *
 * tastyworks, before 2022: "Date/Time,Transaction Code,Transaction Subcode,Symbol,Buy/Sell,Open/Close,
 * Quantity,Expiration Date,Strike,Call/Put,Price,Fees,Amount,Description,Account Reference", dates written
 * "02/19/2020 11:00 PM"; a row with an expiration, strike or call/put is an option.
 */
function legacyKind(r: Readonly<Record<string, string>>): RowKind {
  const code = cell(r, 'Transaction Code').toLowerCase();
  const what = `${cell(r, 'Transaction Subcode')} ${cell(r, 'Description')}`.toLowerCase();
  const selling = /sell/i.test(cell(r, 'Buy/Sell') || cell(r, 'Transaction Subcode'));
  if (/cash in lieu/.test(what)) return 'cash_in_lieu';
  // An option traded, split or removed is listed as an option, never as shares.
  if (cell(r, 'Expiration Date') || cell(r, 'Strike') || cell(r, 'Call/Put'))
    return code === 'trade' || code === 'receive deliver' ? 'option' : 'other';
  if (code === 'trade') return selling ? 'sell' : 'buy';
  if (code !== 'receive deliver') return 'other';
  if (/rounding correction/.test(what)) return 'rounding';
  if (/reverse split/.test(what)) return selling ? 'split_out' : 'split_in';
  return 'other';
}

const legacy = (r: Readonly<Record<string, string>>) => 'Transaction Code' in r;

function kindOf(r: Readonly<Record<string, string>>): RowKind {
  const type = cell(r, 'Type').toLowerCase();
  const what = `${cell(r, 'Sub Type')} ${cell(r, 'Description')}`.toLowerCase();
  const selling = cell(r, 'Action').toUpperCase().startsWith('SELL');
  if (/cash in lieu/.test(what)) return 'cash_in_lieu';
  const instrument = cell(r, 'Instrument Type');
  // An option traded, split ("Reverse split: Open 6 USO1 …") or removed is listed as an option, never as shares.
  if (/option/i.test(instrument)) return type === 'trade' || type === 'receive deliver' ? 'option' : 'other';
  if (instrument !== 'Equity') return 'other';
  if (type === 'trade') return selling ? 'sell' : 'buy';
  if (type !== 'receive deliver') return 'other';
  if (/rounding correction/.test(what)) return 'rounding';
  if (/reverse split/.test(what)) return selling ? 'split_out' : 'split_in';
  return 'other';
}

export const tastytrade: StatementFormat = {
  id: 'tastytrade',
  isHeader: (cells) =>
    (cells[0] === 'Date' && cells.includes('Instrument Type') && cells.includes('Average Price')) ||
    (cells[0] === 'Date/Time' && cells.includes('Transaction Code') && cells.includes('Symbol')),
  mapRow(r, line) {
    if (legacy(r)) return legacyRow(r, line);
    const date = dateCell(r.Date, 'Date', line);
    const kind = kindOf(r);
    const action = [cell(r, 'Sub Type') || cell(r, 'Type'), cell(r, 'Action')].filter(Boolean).join(' ');
    const quantity = Math.abs(numberCell(r.Quantity, 'Quantity', line) ?? 0);
    const row = { line, kind, date, symbol: cell(r, 'Symbol').toUpperCase(), action, account: null };
    if (kind === 'buy' || kind === 'sell') {
      const avg = numberCell(r['Average Price'], 'Average Price', line);
      const value = requiredNumber(r.Value, 'Value', line);
      const price = avg ?? (quantity > 0 ? value / quantity : 0);
      return { ...row, quantity, price: legPrice(price), amount: null };
    }
    if (kind === 'cash_in_lieu')
      return { ...row, quantity: 0, price: null, amount: Math.abs(requiredNumber(r.Value, 'Value', line)) };
    return { ...row, quantity, price: null, amount: null };
  },
};

function legacyRow(r: Readonly<Record<string, string>>, line: number): StatementRow {
  const kind = legacyKind(r);
  const action = [cell(r, 'Transaction Code'), cell(r, 'Transaction Subcode')].filter(Boolean).join(' ');
  const quantity = Math.abs(numberCell(r.Quantity, 'Quantity', line) ?? 0);
  const row = {
    line,
    kind,
    date: dateCell(r['Date/Time'], 'Date/Time', line),
    symbol: cell(r, 'Symbol').toUpperCase(),
    action,
    account: null,
  };
  if (kind === 'buy' || kind === 'sell')
    return { ...row, quantity, price: legPrice(requiredNumber(r.Price, 'Price', line)), amount: null };
  if (kind === 'cash_in_lieu')
    return { ...row, quantity: 0, price: null, amount: Math.abs(requiredNumber(r.Amount, 'Amount', line)) };
  return { ...row, quantity, price: null, amount: null };
}
