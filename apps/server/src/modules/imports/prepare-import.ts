import {
  IMPORT_MAX_BYTES,
  STATEMENT_FORMAT_NAMES,
  type ImportBuy,
  type ImportRequest,
  type StatementFormatId,
} from '@roundup/shared';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../http/app-error';
import { splitFacts } from '../splits/queries';
import { splitAccess, type Viewer } from '../splits/rules';
import { fingerprints } from './formats/fingerprint';
import { readStatement, type Statement } from './formats/read-statement';
import { StatementError, StatementTooLong } from './formats/types';
import { matchRows, type CandidateSplit, type RowMatch } from './match-rules';
import { importRowsRepo } from './repo';

export interface ImportDeps {
  db: Db;
  /** The market date: outcome dates are checked against it. */
  today: string;
  viewer: Viewer;
  /** The caller's account (null: not theirs). */
  account: (userId: string, accountId: string) => Promise<{ nickname: string; broker: string } | null>;
  /** After an apply committed: imported outcomes count towards split verdicts (decision 044). */
  recordVerdicts?: (splitIds: readonly string[]) => Promise<void>;
}

/** A buy the member gave, without its split. */
export type GivenBuy = Omit<ImportBuy, 'splitId' | 'accountId'>;

export interface PreparedImport {
  statement: Statement;
  fingerprints: string[];
  matches: RowMatch[];
  splits: Map<string, CandidateSplit>;
  /** Buys the member gave for splits whose rows have none, by split. */
  buys: Map<string, GivenBuy>;
}

/** Words in a broker's name that mark it as one of the formats' brokers. */
const BROKER_WORDS: Record<StatementFormatId, RegExp> = {
  schwab: /schwab/i,
  fidelity: /fidelity/i,
  tastytrade: /tasty/i,
  ibkr: /interactive brokers|ibkr/i,
};

/** An account at one of the other formats' brokers cannot hold this statement (an account at any other broker may). */
export function brokerProblem(format: StatementFormatId, account: { nickname: string; broker: string }): string | null {
  const other = (Object.keys(BROKER_WORDS) as StatementFormatId[]).find(
    (f) => f !== format && BROKER_WORDS[f].test(account.broker),
  );
  if (!other || BROKER_WORDS[format].test(account.broker)) return null;
  return `This is a ${STATEMENT_FORMAT_NAMES[format]} statement, but ${account.nickname} is a ${account.broker} account`;
}

/**
 * One broker account's rows of a file that names several: the one asked for; none when none was asked
 * for (a preview lists the accounts to choose from), or a 400 naming them when the caller must choose.
 */
export function oneOf(statement: Statement, wanted: string | undefined, mustChoose: boolean): Statement {
  const list = statement.accounts.join(', ');
  if (wanted && !statement.accounts.includes(wanted)) throw badRequest(`This file holds broker accounts ${list}, not ${wanted}`);
  if (!wanted && mustChoose)
    throw badRequest(`This file holds broker accounts ${list}: map each to one of your accounts or skip it`);
  return { ...statement, brokerAccount: wanted ?? null, rows: statement.rows.filter((r) => wanted && r.account === wanted) };
}

/** The caller's account (404), and the file read (413 past 5 MB or too many lines, 400 when unreadable). */
export async function readInput(deps: ImportDeps, userId: string, input: ImportRequest) {
  const account = await deps.account(userId, input.accountId);
  if (!account) throw notFound('Account not found');
  if (Buffer.byteLength(input.csv, 'utf8') > IMPORT_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than 5 MB; export a shorter period');
  let statement: Statement;
  try {
    statement = await readStatement(input.csv, input.format);
  } catch (err) {
    if (err instanceof StatementTooLong) throw new AppError('PAYLOAD_TOO_LARGE', err.message);
    if (err instanceof StatementError) throw badRequest(err.message);
    throw err;
  }
  const accounts = statement.accounts.map((a) => ({
    brokerAccount: a,
    rows: statement.rows.filter((r) => r.account === a).length,
  }));
  return { account, statement, accounts };
}

/** One broker account's rows of a file that names several. */
export const rowsOf = (statement: Statement, brokerAccount: string): Statement => ({
  ...statement,
  brokerAccount,
  rows: statement.rows.filter((r) => r.account === brokerAccount),
});

/**
 * A statement (or one broker account's rows of it) for one of the caller's accounts: at this account's
 * broker, from the broker account earlier imports came from (400s); each row's split among the splits the
 * caller sees in full.
 */
export async function prepareFor(
  deps: ImportDeps,
  accountId: string,
  account: { nickname: string; broker: string },
  statement: Statement,
  buys: ImportRequest['buys'],
): Promise<PreparedImport> {
  const wrongBroker = brokerProblem(statement.format, account);
  if (wrongBroker) throw badRequest(wrongBroker);
  const earlier = await importRowsRepo(deps.db).brokerAccount(accountId);
  if (earlier && statement.brokerAccount && earlier !== statement.brokerAccount)
    throw badRequest(
      `This file is for broker account ${statement.brokerAccount}; earlier imports into ${account.nickname} came from ${earlier}`,
    );
  const tickers = [...new Set(statement.rows.map((r) => r.symbol).filter(Boolean))];
  const found = await splitFacts(deps.db).ofTickers(tickers);
  const seen = found.filter(
    (s) =>
      splitAccess(deps.viewer, { status: s.status, buyDate: s.buyDate, archived: false }, deps.today) === 'full' &&
      s.status !== 'Approved',
  );
  const splits = new Map(
    seen.map((s) => [s.id, { id: s.id, name: s.name, ticker: s.ticker.toUpperCase(), buyDate: s.buyDate, effDate: s.effDate }]),
  );
  return {
    statement,
    fingerprints: await fingerprints(statement.format, statement.rows),
    matches: matchRows(statement.rows, [...splits.values()]),
    splits,
    buys: new Map(
      (buys ?? [])
        .filter((b) => !b.accountId || b.accountId === accountId)
        .map(({ splitId, accountId: _, ...leg }) => [splitId, leg]),
    ),
  };
}
