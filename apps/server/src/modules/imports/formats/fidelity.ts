import { cell, dateCell, legPrice, maskAccount, numberCell, requiredNumber } from './values';
import type { RowKind, StatementFormat } from './types';

/**
 * Fidelity › Activity & Orders › Download: "Run Date,Action,Symbol,Security Description,Security
 * Type,Quantity,Price ($),Commission ($),Fees ($),Accrued Interest ($),Amount ($),Settlement Date"
 * (newer exports add "Account" / "Account Number" after Run Date), blank lines above and a
 * disclaimer below. Actions are sentences: "YOU BOUGHT …", "YOU SOLD …", "REVERSE SPLIT R/S FROM
 * … (old shares out, new shares in), "IN LIEU OF FRX SHARE …" (cash for the fraction).
 */
function kindOf(action: string, quantity: number, symbol: string): RowKind {
  const a = action.toUpperCase();
  // "YOU SOLD OPENING TRANSACTION PUT (ABC) …", symbols like "-ABC260227P9": options are listed, never imported.
  if (symbol.startsWith('-') || /OPENING TRANSACTION|CLOSING TRANSACTION|\b(PUT|CALL) \(/.test(a)) return 'option';
  if (a.startsWith('YOU BOUGHT')) return 'buy';
  if (a.startsWith('YOU SOLD')) return 'sell';
  if (a.includes('REVERSE SPLIT')) return quantity < 0 ? 'split_out' : 'split_in';
  if (a.includes('IN LIEU OF FR') || a.includes('CASH IN LIEU')) return 'cash_in_lieu'; // FRX SHARE, FRACTIONAL SHARES
  // "ADJUSTMENT …", "REVERSAL …", "JOURNALED …" taking shares out: after a credit, the share taken back.
  if (quantity < 0 && /\b(ADJUST\w*|REVERSAL|REVERSED|JOURNALED)\b/.test(a)) return 'removal';
  return 'other';
}

/** Corporate-action rows carry the old CUSIP as the symbol; the action names the ticker: "… (ACMR) (Cash)". */
function symbolOf(symbol: string, action: string): string {
  const named = /\(([A-Z][A-Z.]{0,5})\)\s*\(\w+\)\s*$/.exec(action)?.[1];
  return /^\d[0-9A-Z]{8}$/.test(symbol) && named ? named : symbol.toUpperCase();
}

/** Older downloads write "Price ($)" and "Amount ($)", newer ones (with a Currency column) "Price" and "Amount". */
const PRICE = (r: Readonly<Record<string, string>>) => ('Price ($)' in r ? 'Price ($)' : 'Price');
const AMOUNT = (r: Readonly<Record<string, string>>) => ('Amount ($)' in r ? 'Amount ($)' : 'Amount');

export const fidelity: StatementFormat = {
  id: 'fidelity',
  isHeader: (cells) => cells[0] === 'Run Date' && cells.includes('Action') && cells.includes('Symbol'),
  mapRow(r, line) {
    const action = cell(r, 'Action');
    const date = dateCell(r['Run Date'], 'Run Date', line);
    const quantity = numberCell(r.Quantity, 'Quantity', line) ?? 0;
    const kind = kindOf(action, quantity, cell(r, 'Symbol'));
    const account = maskAccount(cell(r, 'Account Number') || cell(r, 'Account'));
    const row = { line, kind, date, symbol: symbolOf(cell(r, 'Symbol'), action), action, account };
    if (kind === 'buy' || kind === 'sell')
      return {
        ...row,
        quantity: Math.abs(quantity),
        price: legPrice(requiredNumber(r[PRICE(r)], PRICE(r), line)),
        amount: null,
      };
    if (kind === 'cash_in_lieu')
      return { ...row, quantity: 0, price: null, amount: Math.abs(requiredNumber(r[AMOUNT(r)], AMOUNT(r), line)) };
    return { ...row, quantity: Math.abs(quantity), price: null, amount: null };
  },
};
