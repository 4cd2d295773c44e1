import type { StatementFormatId } from '@roundup/shared';

/**
 * What a statement row means for a round-up trade (decision 030): a buy or sell of shares,
 * the reverse split's old shares removed (split_out) and new shares added (split_in), a later
 * rounding correction that adds the rounded-up share, cash paid for a fraction, shares taken out of the
 * account with no sale (an adjustment: after a credit, the broker taking the share back), an option trade
 * (listed, never imported), or anything else.
 */
export type RowKind = 'buy' | 'sell' | 'split_out' | 'split_in' | 'rounding' | 'cash_in_lieu' | 'removal' | 'option' | 'other';

/** One data row of a statement, read by its format's rule. Quantities and amounts are unsigned. */
export interface StatementRow {
  /** The line of the file it came from (1-based), for messages. */
  line: number;
  kind: RowKind;
  date: string;
  symbol: string;
  quantity: number;
  /** Price per share, for buys and sells. */
  price: number | null;
  /** Cash, for cash in lieu. */
  amount: number | null;
  /** The broker's own word for the row ("Reverse Split", "YOU BOUGHT …"), shown in the preview. */
  action: string;
  /** The broker account the row belongs to, when the format says (masked: last digits). */
  account: string | null;
}

/** A row that cannot be read: the whole file is refused, and the message names the line. */
export class StatementError extends Error {
  constructor(
    readonly line: number | null,
    message: string,
  ) {
    super(line === null ? message : `Line ${line}: ${message}`);
  }
}

/** A file longer than the line limit: the same file always fails, so it is a 413, never a retry. */
export class StatementTooLong extends StatementError {
  constructor(readonly limit: number) {
    super(null, `The file has more than ${limit.toLocaleString('en-US')} lines; export a shorter period`);
  }
}

/** One broker's export (one file per broker in this folder), as pure rules. */
export interface StatementFormat {
  id: StatementFormatId;
  /** Whether this record is the format's column header line. */
  isHeader(cells: readonly string[]): boolean;
  /** The account number a line before the header names (Schwab's title line), else null. */
  accountFromPreamble?(cells: readonly string[]): string | null;
  /**
   * The row a data record stands for; null for a line that is not a transaction (a total or a
   * disclaimer below the data); throws StatementError for a row it cannot read.
   */
  mapRow(record: Readonly<Record<string, string>>, line: number): StatementRow | null;
}
