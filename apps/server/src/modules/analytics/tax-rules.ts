import { isTaxableAccountType, ticksToCents, type TaxLeftOut } from '@roundup/shared';
import type { AccountIn, TradeRecords } from './rules';
import { lotSales, type LotSale } from './tax-lots-rules';

// Tax export: IRS Form 8949 columns (a)–(h), one row per sale of a trade's shares (the
// dance's pre-split sale, the kept share's sale, cash in lieu as a sale of the fraction, a share clawed
// back as a disposal on the day it was taken).

export const CSV_HEADER = [
  '(a) Description of property',
  '(b) Date acquired',
  '(c) Date sold or disposed of',
  '(d) Proceeds (sales price)',
  '(e) Cost or other basis',
  '(f) Code(s) from instructions',
  '(g) Amount of adjustment',
  '(h) Gain or (loss)',
  'Term',
  'Account',
  'Note',
] as const;

/** Byte order mark: Excel reads the file as UTF-8 only with it. */
export const UTF8_BOM = '\uFEFF';

/**
 * A text cell a spreadsheet would run as a formula: it starts (after any spaces) with `=`, `+`,
 * `-`, `@` or `;`, or starts with a tab, CR or LF. Such cells get a leading `'`.
 */
export const FORMULA_START = /^\s*[=+\-@;]|^[\t\r\n]/;

/** RFC 4180 quoting; a text cell (`text`) that could run as a formula is neutralised with a leading '. */
export function csvField(value: string | number, text = true): string {
  let s = String(value);
  if (text && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Cents as a plain decimal: 1234 → "12.34", -5 → "-0.05". */
export function centsToDecimal(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** YYYY-MM-DD → MM/DD/YYYY as the form expects. */
export function formDate(iso: string | null): string {
  return iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : 'VARIOUS';
}

/** Held more than one year → long-term (IRS); otherwise short-term. */
export function holdingTerm(acquired: string | null, sold: string): 'Short-term' | 'Long-term' {
  if (!acquired) return 'Short-term';
  const anniversary = `${Number(acquired.slice(0, 4)) + 1}${acquired.slice(4)}`;
  return sold > anniversary ? 'Long-term' : 'Short-term';
}

export interface TaxRow {
  description: string;
  acquired: string | null;
  sold: string;
  proceedsCents: number;
  costCents: number;
  /** Column (f): the adjustment code(s); '' when none. */
  code: string;
  /** Column (g): the adjustment in cents; null when none. */
  adjustmentCents: number | null;
  /** Column (h): (d) − (e) + (g). */
  gainCents: number;
  term: 'Short-term' | 'Long-term';
  account: string;
  /** What the member should know when entering it (cash in lieu: the basis the 1099-B often leaves out). */
  note: string;
}

/** The sales of `year` (each on its own date), with their trade's split and account. */
function salesIn(input: TradeRecords, year: number) {
  const accounts = new Map(input.accounts.map((a) => [a.id, a]));
  const splits = new Map(input.splits.map((s) => [s.id, s]));
  const prefix = `${year}-`;
  const out: { sale: LotSale; ticker: string; name: string; account: AccountIn | undefined }[] = [];
  for (const t of input.trades) {
    const split = splits.get(t.splitId);
    if (!split) continue;
    for (const sale of lotSales(t, split)) {
      if (sale.sold.startsWith(prefix))
        out.push({ sale, ticker: split.ticker, name: split.name, account: accounts.get(t.accountId) });
    }
  }
  return out;
}

function describe(sale: LotSale, ticker: string, name: string): { description: string; note: string } {
  const basis = centsToDecimal(ticksToCents(sale.basisTicks));
  if (sale.kind === 'cash_in_lieu')
    return {
      description: `Cash in lieu ${ticker} (${name})`,
      note: `Sale of the fraction; the 1099-B often shows no basis: enter ${basis}`,
    };
  if (sale.kind === 'no_credit')
    return { description: `Nothing credited ${ticker} (${name})`, note: 'No share or cash was credited' };
  if (sale.kind === 'clawed_back')
    return {
      description: `Clawed back ${ticker} (${name})`,
      note:
        sale.proceedsTicks > 0
          ? 'The credited share was taken back; the broker paid cash for it'
          : 'The credited share was taken back',
    };
  return { description: `${sale.quantity} sh ${ticker} (${name})`, note: '' };
}

/** Form 8949 rows: sales in `year` in taxable accounts only, oldest sale first. */
export function taxRows(input: TradeRecords, year: number): TaxRow[] {
  const rows: TaxRow[] = [];
  for (const { sale, ticker, name, account } of salesIn(input, year)) {
    if (account && !isTaxableAccountType(account.type)) continue;
    const proceedsCents = ticksToCents(sale.proceedsTicks);
    const costCents = ticksToCents(sale.basisTicks);
    rows.push({
      ...describe(sale, ticker, name),
      acquired: sale.acquired,
      sold: sale.sold,
      proceedsCents,
      costCents,
      code: '',
      adjustmentCents: null,
      gainCents: proceedsCents - costCents,
      term: holdingTerm(sale.acquired, sale.sold),
      account: account ? `${account.broker} - ${account.nickname}` : 'Deleted account',
    });
  }
  rows.sort(
    (a, b) => a.sold.localeCompare(b.sold) || a.description.localeCompare(b.description) || a.account.localeCompare(b.account),
  );
  return rows;
}

/** The sales of `year` that `taxRows` leaves out, being in tax-advantaged accounts. */
export function taxLeftOut(input: TradeRecords, year: number): TaxLeftOut {
  let trades = 0;
  const types = new Set<string>();
  for (const { account } of salesIn(input, year)) {
    if (!account || isTaxableAccountType(account.type)) continue;
    trades += 1;
    types.add(account.type);
  }
  return { year, trades, accountTypes: [...types].sort() };
}

/**
 * The year's sales against Form 8949: the gain of every sale (each rounded to cents as its row is), the
 * part in tax-advantaged accounts, and what the form reports, which is the CSV's totals line.
 */
export function taxReconcile(input: TradeRecords, year: number) {
  let realizedCents = 0;
  let leftOutCents = 0;
  for (const { sale, account } of salesIn(input, year)) {
    const gain = ticksToCents(sale.proceedsTicks) - ticksToCents(sale.basisTicks);
    realizedCents += gain;
    if (account && !isTaxableAccountType(account.type)) leftOutCents += gain;
  }
  return { realizedCents, leftOutCents, form8949Cents: realizedCents - leftOutCents };
}

/** One CSV line of Form 8949 columns (a)–(h), then term and account; every text cell guarded. */
export function taxCsvRow(r: TaxRow): string {
  return [
    csvField(r.description),
    csvField(formDate(r.acquired), false),
    csvField(formDate(r.sold), false),
    csvField(centsToDecimal(r.proceedsCents), false),
    csvField(centsToDecimal(r.costCents), false),
    csvField(r.code),
    r.adjustmentCents === null ? '' : csvField(centsToDecimal(r.adjustmentCents), false),
    csvField(centsToDecimal(r.gainCents), false),
    csvField(r.term),
    csvField(r.account),
    csvField(r.note),
  ].join(',');
}

/** The CSV text: UTF-8 byte order mark, CRLF line ends, a totals line. */
export function taxCsv(rows: readonly TaxRow[]): string {
  const lines = [CSV_HEADER.map((h) => csvField(h)).join(',')];
  let proceeds = 0;
  let cost = 0;
  let adjustment: number | null = null;
  let gain = 0;
  for (const r of rows) {
    proceeds += r.proceedsCents;
    cost += r.costCents;
    if (r.adjustmentCents !== null) adjustment = (adjustment ?? 0) + r.adjustmentCents;
    gain += r.gainCents;
    lines.push(taxCsvRow(r));
  }
  lines.push(
    [
      'Totals',
      '',
      '',
      centsToDecimal(proceeds),
      centsToDecimal(cost),
      '',
      adjustment === null ? '' : centsToDecimal(adjustment),
      centsToDecimal(gain),
      '',
      '',
      '',
    ].join(','),
  );
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}
