import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_LINES,
  STATEMENT_FORMAT_NAMES,
  type ImportBuy,
  type ImportRequest,
  type StatementFormatId,
} from '@roundup/shared';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../http/app-error';
import { splitFacts } from '../splits/queries';
import { splitAccess, type Viewer } from '../splits/rules';
import { linesOver } from './formats/read-statement';
import { StatementTooLong } from './formats/types';
import type { CandidateSplit } from './match-rules';
import type { MatchedStatement, StatementPart } from './read-and-match';
import type { StatementReader } from './reader-pool';
import { importRowsRepo } from './repo';

export interface ImportDeps {
  db: Db;
  /** The market date: outcome dates are checked against it. */
  today: string;
  viewer: Viewer;
  /** The caller's account (null: not theirs). */
  account: (userId: string, accountId: string) => Promise<{ nickname: string; broker: string } | null>;
  /** Reads and matches statements off the request's thread. */
  reader: StatementReader;
}

/** A buy the member gave, without its split. */
export type GivenBuy = Omit<ImportBuy, 'splitId' | 'accountId'>;

export interface PreparedImport {
  statement: StatementPart;
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

/** A part of no rows (a file of several broker accounts, none chosen yet). */
const nothingOf = (statement: MatchedStatement): StatementPart => ({
  format: statement.format,
  brokerAccount: null,
  rows: 0,
  matched: [],
  unmatched: [],
  unmatchedTotal: 0,
});

/** One broker account's rows of a file that names several. */
export const rowsOf = (statement: MatchedStatement, brokerAccount: string): StatementPart =>
  statement.parts.find((p) => p.brokerAccount === brokerAccount) ?? { ...nothingOf(statement), brokerAccount };

/**
 * One broker account's rows of a file that names several: the one asked for; none when none was asked
 * for (a preview lists the accounts to choose from), or a 400 naming them when the caller must choose.
 */
export function oneOf(statement: MatchedStatement, wanted: string | undefined, mustChoose: boolean): StatementPart {
  const list = statement.accounts.map((a) => a.brokerAccount).join(', ');
  if (wanted && !statement.accounts.some((a) => a.brokerAccount === wanted))
    throw badRequest(`This file holds broker accounts ${list}, not ${wanted}`);
  if (!wanted && mustChoose)
    throw badRequest(`This file holds broker accounts ${list}: map each to one of your accounts or skip it`);
  return wanted ? rowsOf(statement, wanted) : nothingOf(statement);
}

/** The splits a statement's tickers may belong to: those the caller sees in full and that take trades. */
async function candidateSplits(deps: ImportDeps, tickers: string[]): Promise<CandidateSplit[]> {
  const found = await splitFacts(deps.db).ofTickers(tickers);
  return found
    .filter(
      (s) =>
        splitAccess(deps.viewer, { status: s.status, buyDate: s.buyDate, archived: false }, deps.today) === 'full' &&
        s.status !== 'Approved',
    )
    .map((s) => ({ id: s.id, name: s.name, ticker: s.ticker.toUpperCase(), buyDate: s.buyDate, effDate: s.effDate }));
}

/**
 * The caller's account (404), and the file read and matched on the statement reader's thread (413 past 5 MB
 * or too many lines, counted here so a long file is refused at once; 400 when unreadable).
 */
export async function readInput(deps: ImportDeps, userId: string, input: ImportRequest) {
  const account = await deps.account(userId, input.accountId);
  if (!account) throw notFound('Account not found');
  if (Buffer.byteLength(input.csv, 'utf8') > IMPORT_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than 5 MB; export a shorter period');
  if (linesOver(input.csv, IMPORT_MAX_LINES))
    throw new AppError('PAYLOAD_TOO_LARGE', new StatementTooLong(IMPORT_MAX_LINES).message);
  const read = await deps.reader.read({ text: input.csv, format: input.format }, (tickers) => candidateSplits(deps, tickers));
  if ('refused' in read) {
    const { tooLong, message } = read.refused;
    throw tooLong ? new AppError('PAYLOAD_TOO_LARGE', message) : badRequest(message);
  }
  return { account, statement: read.statement, accounts: read.statement.accounts };
}

/**
 * A statement (or one broker account's rows of it) for one of the caller's accounts: at this account's
 * broker, from the broker account earlier imports came from (400s).
 */
export async function prepareFor(
  deps: ImportDeps,
  accountId: string,
  account: { nickname: string; broker: string },
  statement: StatementPart,
  splits: readonly CandidateSplit[],
  buys: ImportRequest['buys'],
): Promise<PreparedImport> {
  const wrongBroker = brokerProblem(statement.format, account);
  if (wrongBroker) throw badRequest(wrongBroker);
  const earlier = await importRowsRepo(deps.db).brokerAccount(accountId);
  if (earlier && statement.brokerAccount && earlier !== statement.brokerAccount)
    throw badRequest(
      `This file is for broker account ${statement.brokerAccount}; earlier imports into ${account.nickname} came from ${earlier}`,
    );
  return {
    statement,
    splits: new Map(splits.map((s) => [s.id, s])),
    buys: new Map(
      (buys ?? [])
        .filter((b) => !b.accountId || b.accountId === accountId)
        .map(({ splitId, accountId: _, ...leg }) => [splitId, leg]),
    ),
  };
}
