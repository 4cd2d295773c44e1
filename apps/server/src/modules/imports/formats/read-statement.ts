import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse, CsvError } from 'csv-parse';
import { IMPORT_MAX_LINES, STATEMENT_FORMAT_NAMES, type StatementFormatId } from '@roundup/shared';
import { fidelity } from './fidelity';
import { ibkr } from './ibkr';
import { schwab } from './schwab';
import { tastytrade } from './tastytrade';
import { StatementError, StatementTooLong, type StatementFormat, type StatementRow } from './types';

export const FORMATS: Record<StatementFormatId, StatementFormat> = { schwab, fidelity, tastytrade, ibkr };

/** Lines a header must appear within (title lines and blank lines come first in some exports). */
const HEADER_WITHIN = 20;
/** Column names only IBKR's Flex reports use: a file with them and no trades is another IBKR report. */
const IBKR_COLUMNS = new Set(['ClientAccountID', 'CurrencyPrimary', 'Conid', 'IBCommission', 'LevelOfDetail', 'SettleDate']);
/** IBKR Flex header and trailer records (BOF, BOS, …) and notices (MSG). */
const CONTROL = new Set(['BOF', 'BOA', 'BOS', 'EOS', 'EOA', 'EOF', 'MSG']);

export interface Statement {
  format: StatementFormatId;
  /** The one broker account the file is for (masked), when it names exactly one. */
  brokerAccount: string | null;
  /** Every broker account the file names (masked), in order. */
  accounts: string[];
  rows: StatementRow[];
}

const CHUNK = 16 * 1024;
/**
 * Records read between two turns of the event loop. The parser hands records over in microtasks, which never
 * let anything else run on the thread: imports read on the statement reader's thread (decision 042), and a
 * turn now and then keeps whatever thread reads a file (a test, a script) answering.
 */
export const RECORDS_PER_TURN = 500;
function* chunks(text: string) {
  for (let i = 0; i < text.length; i += CHUNK) yield text.slice(i, i + CHUNK);
}

/** Whether the text has more than `max` lines: counted before parsing, so a long file is refused at once. */
export function linesOver(text: string, max: number): boolean {
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < text.length - 1; i = text.indexOf('\n', i + 1)) if (++lines > max) return true;
  return false;
}

const detect = (cells: string[]) => (Object.values(FORMATS) as StatementFormat[]).find((f) => f.isHeader(cells)) ?? null;
const ALL = Object.values(STATEMENT_FORMAT_NAMES).join(', ');

/**
 * Reads a statement with a streaming CSV parser (csv-parse, decision 030): finds the format by its
 * header line (or checks the one asked for), maps each data line with the format's rules, and
 * refuses the whole file on the first line it cannot read, naming that line.
 */
export async function readStatement(
  text: string,
  wanted?: StatementFormatId,
  maxLines: number = IMPORT_MAX_LINES,
): Promise<Statement> {
  if (linesOver(text, maxLines)) throw new StatementTooLong(maxLines);
  const parser = Readable.from(chunks(text)).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, info: true }),
  );
  const reader = new SectionReader(wanted);
  let records = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (++records % RECORDS_PER_TURN === 0) await nextTurn();
      if (reader.take(record, info.lines) === 'stop') break;
    }
  } catch (err) {
    if (err instanceof CsvError)
      throw new StatementError(
        (err as CsvError & { lines?: number }).lines ?? null,
        `the CSV cannot be read (${err.message.replace(/^.*?: /, '').slice(0, 120)})`,
      );
    throw err;
  }
  const { format, rows } = reader;
  if (!format)
    throw new StatementError(
      null,
      reader.ibkrLike
        ? 'This Interactive Brokers report has no trades RoundUp can read: export a Flex query with the Trades section (and Corporate Actions) as CSV, or the Activity Statement as CSV'
        : `This is not a statement RoundUp can read: no ${ALL} header line in the first ${HEADER_WITHIN} lines`,
    );
  const accounts = accountsOf(rows, reader.preambleAccount);
  return { format: format.id, brokerAccount: accounts.length === 1 ? accounts[0] : null, accounts, rows };
}

/**
 * "Trades,Header,…" / "Trades,Data,…" (the IBKR Activity Statement) or "HEADER","TRNT",… / "DATA","TRNT",…
 * (a Flex query with section codes and line descriptors): the section, the line's role and its own cells.
 */
function sectionOf(record: readonly string[]): { section: string; role: 'header' | 'data' | 'other'; cells: string[] } | null {
  const [a, b] = record;
  if ((a === 'HEADER' || a === 'DATA') && b)
    return { section: b, role: a === 'HEADER' ? 'header' : 'data', cells: record.slice(2) };
  if (a && record.length > 2 && /^(Header|Data|SubTotal|Total|Notes)$/.test(b ?? ''))
    return { section: a, role: b === 'Header' ? 'header' : b === 'Data' ? 'data' : 'other', cells: record.slice(2) };
  return null;
}

/**
 * Reads a statement record by record: the format from its header line (or the one asked for), the header
 * of each section (IBKR files repeat a header per section; sections no format reads are skipped), and each
 * data line through the format's rules.
 */
class SectionReader {
  format: StatementFormat | null = null;
  rows: StatementRow[] = [];
  preambleAccount: string | null = null;
  /** The file has IBKR's marks (sections, BOF records, ClientAccountID): a refusal names the export to choose. */
  ibkrLike = false;
  private headers = new Map<string, string[]>();

  constructor(private readonly wanted?: StatementFormatId) {}

  take(record: string[], line: number): 'stop' | void {
    const filled = record.filter((c) => c !== '');
    if (filled.length === 0) return;
    if (CONTROL.has(record[0]) || record.some((c) => IBKR_COLUMNS.has(c))) this.ibkrLike = true;
    if (CONTROL.has(record[0])) return;
    const s = sectionOf(record);
    if (s) this.ibkrLike = true;
    if (s?.role === 'other') return;
    const section = s?.section ?? '';
    const cells = s?.cells ?? record;
    const found = s?.role === 'data' ? null : detect(cells);
    if (found && (!this.format || found === this.format)) {
      this.format ??= this.checked(found);
      this.headers.set(section, cells);
      return;
    }
    if (s?.role === 'header') return void this.headers.delete(section);
    if (!this.format) {
      if (line > HEADER_WITHIN && !this.ibkrLike) return 'stop';
      this.preambleAccount ??=
        Object.values(FORMATS)
          .map((f) => f.accountFromPreamble?.(record) ?? null)
          .find(Boolean) ?? null;
      return;
    }
    const header = this.headers.get(section);
    // A total, a disclaimer or "Date downloaded …" below the data, even padded with commas to the header's width.
    if (!header || filled.length === 1) return;
    const row = this.format.mapRow(Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])), line);
    if (row) this.rows.push(row);
  }

  private checked(found: StatementFormat): StatementFormat {
    if (this.wanted && found.id !== this.wanted)
      throw new StatementError(
        null,
        `This is a ${STATEMENT_FORMAT_NAMES[found.id]} file, not ${STATEMENT_FORMAT_NAMES[this.wanted]}`,
      );
    return found;
  }
}

/** The broker accounts the file names, in the order they first appear (Fidelity's All Accounts download names several). */
function accountsOf(rows: readonly StatementRow[], preamble: string | null): string[] {
  const accounts = new Set<string>(preamble ? [preamble] : []);
  for (const r of rows) if (r.account) accounts.add(r.account);
  return [...accounts];
}
