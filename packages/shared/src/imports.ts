import { z } from 'zod';
import { uuidId } from './input';
import { legInput, legSchema, tradeSchema, TRADE_OUTCOMES } from './trades';

/** Broker statements a member can import (decisions 030 and 042). */
export const STATEMENT_FORMATS = ['schwab', 'fidelity', 'tastytrade', 'ibkr'] as const;
export type StatementFormatId = (typeof STATEMENT_FORMATS)[number];
export const STATEMENT_FORMAT_NAMES: Record<StatementFormatId, string> = {
  schwab: 'Schwab',
  fidelity: 'Fidelity',
  tastytrade: 'tastytrade',
  ibkr: 'Interactive Brokers',
};

/** The largest statement accepted: 5 MB of CSV text. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The most lines a statement may have (413 beyond): a year of a busy account is a few thousand. */
export const IMPORT_MAX_LINES = 100_000;
/** The unmatched rows a preview lists (the rest are counted in `unmatchedTotal`). */
export const IMPORT_UNMATCHED_LISTED = 200;

/**
 * The buy of a split whose rows in the file have none (a later period's export): the member gives its
 * date, quantity and price, prefilled from the preview's `needsBuy`.
 */
export const importBuy = legInput.omit({ side: true }).extend({
  splitId: uuidId('splitId is not a valid id'),
  /** In a file of several broker accounts, the account whose trade it is for; left out: each that needs one. */
  accountId: uuidId('accountId is not a valid id').optional(),
});
export type ImportBuy = z.output<typeof importBuy>;

/** A broker account as the preview shows it: its last characters ("…1234"), never the whole number. */
const maskedAccount = z
  .string({ error: 'brokerAccount must be text' })
  .regex(/^…[A-Za-z0-9]{1,4}$/, 'brokerAccount must be a masked account number as the preview shows it, like …1234');

/** The most broker accounts a mapping may name. */
export const IMPORT_MAX_ACCOUNTS = 50;

/** One broker account of the file and the RoundUp account it goes into (null: skip it). */
export const importMappingEntry = z.object({
  brokerAccount: maskedAccount,
  accountId: uuidId('accountId is not a valid id').nullable(),
});
export type ImportMappingEntry = z.output<typeof importMappingEntry>;

export const importRequest = z.object({
  accountId: uuidId('Account is not a valid id'),
  /** The statement's CSV text, as exported by the broker. */
  csv: z.string({ error: 'csv must be the text of the statement' }).min(1, 'The file is empty'),
  /** Leave out to detect the format from the file's header line. */
  format: z.enum(STATEMENT_FORMATS, { error: `format must be one of ${STATEMENT_FORMATS.join(', ')}` }).optional(),
  /**
   * For a file that names several broker accounts (Fidelity's All Accounts download): the one to import
   * into this account, as the preview shows it ("…1234"). Each account of the file is imported on its own.
   */
  brokerAccount: maskedAccount.optional(),
  /**
   * For a file that names several broker accounts: each one's RoundUp account at the same broker, or null
   * to skip it; one apply writes them all. Apply needs every broker account of the file; a preview shows
   * the ones given (left out: the mapping remembered from the last apply, if any).
   */
  mapping: z
    .array(importMappingEntry, { error: 'mapping must be a list' })
    .max(IMPORT_MAX_ACCOUNTS, `At most ${IMPORT_MAX_ACCOUNTS} broker accounts`)
    .optional(),
  /** Buys for splits whose rows have none; a buy for a split that needs none is left out. */
  buys: z.array(importBuy, { error: 'buys must be a list' }).max(1_000, 'At most 1,000 buys').optional(),
});
export type ImportRequest = z.infer<typeof importRequest>;

/** One trade the statement writes: its split, the legs and the outcome it will have. */
export const importTradeSchema = z.object({
  /** The RoundUp account it is saved in. */
  accountId: z.string(),
  /** The broker account its rows come from (masked), when the file names one. */
  brokerAccount: z.string().nullable(),
  splitId: z.string(),
  splitName: z.string(),
  ticker: z.string(),
  effDate: z.string(),
  /** new: no trade yet; update: the trade changes; none: already as the statement says. */
  change: z.enum(['new', 'update', 'none']),
  /** Statement rows behind it that were not imported before. */
  newRows: z.number().int(),
  legs: z.array(legSchema),
  outcome: z.enum(TRADE_OUTCOMES),
  outcome_date: z.string().nullable(),
  shares_received: z.number().nullable(),
  cash_in_lieu_amount: z.number().nullable(),
  /** Why this trade cannot be saved as it stands (apply leaves this split and applies the others), else null. */
  problem: z.string().nullable(),
  /** The file's lines behind this trade's new rows. */
  lines: z.array(z.number().int()),
  /**
   * The trade has no buy, in the file or recorded: the buy to ask for, prefilled (the split's buy day and
   * the shares the rows account for); null when it has one.
   */
  needsBuy: z.object({ date: z.string(), quantity: z.number().int() }).nullable(),
});
export type ImportTrade = z.infer<typeof importTradeSchema>;

export const unmatchedRowSchema = z.object({
  line: z.number().int(),
  date: z.string().nullable(),
  symbol: z.string(),
  action: z.string(),
  reason: z.string(),
});
export type UnmatchedRow = z.infer<typeof unmatchedRowSchema>;

export const importPreviewSchema = z.object({
  format: z.enum(STATEMENT_FORMATS),
  /** The broker's account number as the file shows it (masked, last digits), when it carries one. */
  brokerAccount: z.string().nullable(),
  /** Data rows read (header, preamble and footer lines left out); in a file of several accounts, the chosen one's. */
  rows: z.number().int(),
  /**
   * The broker accounts the file names, each with its rows; more than one: map each with `mapping` (or
   * choose one with `brokerAccount`). `accountId` is the RoundUp account it goes into in this preview (given,
   * or remembered from the last apply), `skip` that it is left out; neither: not mapped yet.
   */
  accounts: z.array(
    z.object({
      brokerAccount: z.string(),
      rows: z.number().int(),
      accountId: z.string().nullable(),
      skip: z.boolean(),
    }),
  ),
  /** Rows imported into this account before (re-importing them changes nothing). */
  alreadyImported: z.number().int(),
  trades: z.array(importTradeSchema),
  /** The first rows no split matched, with the reason (at most IMPORT_UNMATCHED_LISTED). */
  unmatched: z.array(unmatchedRowSchema),
  /** How many rows no split matched, listed or not. */
  unmatchedTotal: z.number().int(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** A split the apply left: its rows break a trade rule (the reason), at these lines; re-import once fixed. */
export const leftSplitSchema = z.object({
  accountId: z.string(),
  splitId: z.string(),
  splitName: z.string(),
  ticker: z.string(),
  lines: z.array(z.number().int()),
  reason: z.string(),
});
export type LeftSplit = z.infer<typeof leftSplitSchema>;

export const importResultSchema = importPreviewSchema.extend({
  /** Statement rows stored by this apply (0 when the file was imported before). */
  imported: z.number().int(),
  /** The trades as saved. */
  saved: z.array(tradeSchema),
  /** Splits not applied, with the reason; their rows are not stored, so importing the file again retries them. */
  left: z.array(leftSplitSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;
