import type { StatementFormatId } from '@roundup/shared';
import { fingerprints } from './formats/fingerprint';
import { readStatement, type Statement } from './formats/read-statement';
import { StatementError, StatementTooLong } from './formats/types';
import { matchRows, type CandidateSplit } from './match-rules';
import { sortRows, type SortedRows } from './plan-rules';

/** One broker account's rows (or the whole file's), matched: what a preview and an apply of them need. */
export interface StatementPart extends SortedRows {
  format: StatementFormatId;
  /** The broker account these rows are for (masked), when the file names one. */
  brokerAccount: string | null;
  /** How many rows the part has. */
  rows: number;
}

/** A statement read and matched to splits, small enough to hand from the reader's thread to the request's. */
export interface MatchedStatement {
  format: StatementFormatId;
  /** The one broker account the file is for (masked), when it names exactly one. */
  brokerAccount: string | null;
  /** Every broker account the file names (masked), in order, with its rows. */
  accounts: { brokerAccount: string; rows: number }[];
  /** The whole file when it names fewer than two broker accounts, else one part per broker account. */
  parts: StatementPart[];
  /** The splits the rows were matched against (those the caller sees in full). */
  splits: CandidateSplit[];
}

/** A file refused: too long (413) or unreadable (400, the message names the line). */
export type ReadOutcome = { statement: MatchedStatement } | { refused: { message: string; tooLong: boolean } };

/** The splits a statement's tickers may belong to, looked up where the database is. */
export type SplitLookup = (tickers: string[]) => Promise<CandidateSplit[]>;

/**
 * Reads a statement and matches its rows to splits (decisions 030 and 042): the CPU work of an import, run
 * on the statement reader's thread so a big file never holds a request. Each part's fingerprints count the
 * identical rows before them within the part, as the part is what is stored in one account.
 */
export async function readAndMatch(
  input: { text: string; format?: StatementFormatId; maxLines?: number },
  lookup: SplitLookup,
): Promise<ReadOutcome> {
  let read: Statement;
  try {
    read = await readStatement(input.text, input.format, input.maxLines);
  } catch (err) {
    if (err instanceof StatementError) return { refused: { message: err.message, tooLong: err instanceof StatementTooLong } };
    throw err;
  }
  const splits = await lookup([...new Set(read.rows.map((r) => r.symbol).filter(Boolean))]);
  const groups =
    read.accounts.length < 2
      ? [{ brokerAccount: read.brokerAccount, rows: read.rows }]
      : read.accounts.map((a) => ({ brokerAccount: a, rows: read.rows.filter((r) => r.account === a) }));
  const parts: StatementPart[] = [];
  for (const g of groups) {
    const sorted = sortRows(g.rows, await fingerprints(read.format, g.rows), matchRows(g.rows, splits));
    parts.push({ format: read.format, brokerAccount: g.brokerAccount, rows: g.rows.length, ...sorted });
  }
  return {
    statement: {
      format: read.format,
      brokerAccount: read.brokerAccount,
      accounts: read.accounts.map((a) => ({ brokerAccount: a, rows: read.rows.filter((r) => r.account === a).length })),
      parts,
      splits,
    },
  };
}
