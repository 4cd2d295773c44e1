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
/** IBKR Flex header and trailer records (BOF, BOS, …) and notices (MSG). */
const CONTROL = new Set(['BOF', 'BOA', 'BOS', 'EOS', 'EOA', 'EOF', 'MSG']);

export interface Statement {
  format: StatementFormatId;
  /** The one broker account the file is for (masked), when it names one. */
  brokerAccount: string | null;
  rows: StatementRow[];
}

const CHUNK = 64 * 1024;
/**
 * Records read between two turns of the event loop. The parser hands records over in microtasks, which
 * never let a waiting request in: without a turn now and then a 5 MB file would hold every request
 * (health checks included) until it is read.
 */
export const RECORDS_PER_TURN = 2_000;
function* chunks(text: string) {
  for (let i = 0; i < text.length; i += CHUNK) yield text.slice(i, i + CHUNK);
}

/** Whether the text has more than `max` lines: counted before parsing, so a long file is refused at once. */
function linesOver(text: string, max: number): boolean {
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
  let format: StatementFormat | null = null;
  let header: string[] = [];
  let preambleAccount: string | null = null;
  const rows: StatementRow[] = [];
  let records = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const line = info.lines;
      if (++records % RECORDS_PER_TURN === 0) await nextTurn();
      const filled = record.filter((c) => c !== '');
      if (filled.length === 0 || CONTROL.has(record[0])) continue;
      const found = detect(record);
      if (!format) {
        if (found) {
          if (wanted && found.id !== wanted)
            throw new StatementError(
              null,
              `This is a ${STATEMENT_FORMAT_NAMES[found.id]} file, not ${STATEMENT_FORMAT_NAMES[wanted]}`,
            );
          [format, header] = [found, record];
        } else if (line > HEADER_WITHIN) break;
        else
          preambleAccount ??=
            Object.values(FORMATS)
              .map((f) => f.accountFromPreamble?.(record) ?? null)
              .find(Boolean) ?? null;
        continue;
      }
      if (found === format) {
        header = record; // a new section (IBKR Flex files repeat the header per section)
        continue;
      }
      // A total, a disclaimer or "Date downloaded …" below the data, even padded with commas to the header's width.
      if (filled.length === 1) continue;
      const named = Object.fromEntries(header.map((h, i) => [h, record[i] ?? '']));
      const row = format.mapRow(named, line);
      if (row) rows.push(row);
    }
  } catch (err) {
    if (err instanceof CsvError)
      throw new StatementError(
        (err as CsvError & { lines?: number }).lines ?? null,
        `the CSV cannot be read (${err.message.replace(/^.*?: /, '').slice(0, 120)})`,
      );
    throw err;
  }
  if (!format)
    throw new StatementError(
      null,
      `This is not a statement RoundUp can read: no ${ALL} header line in the first ${HEADER_WITHIN} lines`,
    );
  return { format: format.id, brokerAccount: oneAccount(rows, preambleAccount), rows };
}

/** The file's one account; a file with rows of several accounts is refused at the first other one. */
function oneAccount(rows: readonly StatementRow[], preamble: string | null): string | null {
  let account = preamble;
  for (const r of rows) {
    if (!r.account) continue;
    if (account && r.account !== account)
      throw new StatementError(
        r.line,
        `this row is for account ${r.account} and earlier rows for ${account}; export one account at a time`,
      );
    account = r.account;
  }
  return account;
}
