import type { ImportMappingEntry, ImportPreview, ImportRequest, StatementFormatId } from '@roundup/shared';
import { badRequest, notFound } from '../../http/app-error';
import { accountMapsRepo } from './mapping-repo';
import { brokerProblem, oneOf, prepareFor, readInput, rowsOf, type ImportDeps, type PreparedImport } from './prepare-import';

/** One RoundUp account's part of a statement. */
export interface ImportGroup {
  accountId: string;
  prepared: PreparedImport;
}

/** A statement split into the RoundUp accounts it goes into. */
export interface GroupedImport {
  format: StatementFormatId;
  /** The broker account of a statement read into one account, when it names one. */
  brokerAccount: string | null;
  groups: ImportGroup[];
  accounts: ImportPreview['accounts'];
  /** The mapping an apply stores, for the broker of the chosen account. */
  remember: { broker: string; entries: ImportMappingEntry[] } | null;
}

type Account = { nickname: string; broker: string };

/** A mapping as given: broker accounts of this file, each once; for an apply, every one of them; no account twice. */
function checkMapping(fileAccounts: readonly string[], mapping: readonly ImportMappingEntry[], forApply: boolean) {
  const list = fileAccounts.join(', ');
  const seen = new Set<string>();
  for (const { brokerAccount } of mapping) {
    if (!fileAccounts.includes(brokerAccount)) throw badRequest(`This file holds broker accounts ${list}, not ${brokerAccount}`);
    if (seen.has(brokerAccount)) throw badRequest(`${brokerAccount} is mapped twice`);
    seen.add(brokerAccount);
  }
  const missing = fileAccounts.filter((a) => !seen.has(a));
  if (forApply && missing.length)
    throw badRequest(`Map ${missing.join(', ')} to one of your accounts or skip ${missing.length === 1 ? 'it' : 'them'}`);
  const ids = mapping.map((e) => e.accountId).filter((id): id is string => id !== null);
  const twice = mapping.filter((e) => e.accountId !== null && ids.indexOf(e.accountId) !== ids.lastIndexOf(e.accountId));
  if (twice.length)
    throw badRequest(
      `${twice.map((e) => e.brokerAccount).join(' and ')} go into the same account; each broker account goes into its own`,
    );
}

/**
 * The RoundUp accounts of a mapping, each the caller's own (404 naming the broker account) and at the
 * chosen account's broker (400); a remembered one that no longer is (edited since) is left unmapped.
 */
async function mappedAccounts(
  deps: ImportDeps,
  userId: string,
  broker: string,
  mapping: readonly ImportMappingEntry[],
  remembered: boolean,
): Promise<Map<string, { id: string; account: Account } | null>> {
  const out = new Map<string, { id: string; account: Account } | null>();
  for (const { brokerAccount, accountId } of mapping) {
    if (accountId === null) {
      out.set(brokerAccount, null);
      continue;
    }
    const account = await deps.account(userId, accountId);
    const problem = !account
      ? notFound(`The account for ${brokerAccount} was not found`)
      : account.broker !== broker
        ? badRequest(`${account.nickname} is a ${account.broker} account: map ${brokerAccount} to one at ${broker}, or skip it`)
        : null;
    if (problem && !remembered) throw problem;
    if (!problem) out.set(brokerAccount, { id: accountId, account: account! });
  }
  return out;
}

/**
 * Reads a statement and splits it into the caller's accounts (decision 042). A file of one broker account,
 * or one broker account chosen (`brokerAccount`), goes into the chosen account; a file of several goes by
 * `mapping`, each broker account into one of the caller's accounts at the same broker or skipped. A preview
 * without a mapping shows the one remembered from the last apply; an apply needs one for every broker account.
 */
export async function mapAccounts(
  deps: ImportDeps,
  userId: string,
  input: ImportRequest,
  forApply: boolean,
): Promise<GroupedImport> {
  if (input.mapping && input.brokerAccount) throw badRequest('Give brokerAccount or mapping, not both');
  const read = await readInput(deps, userId, input);
  const fileAccounts = read.accounts.map((a) => a.brokerAccount);
  const broker = read.account.broker;
  if (read.accounts.length < 2 || input.brokerAccount || (forApply && !input.mapping)) {
    const several = read.accounts.length > 1;
    const statement = several ? oneOf(read.statement, input.brokerAccount, forApply) : read.statement.parts[0];
    const prepared = await prepareFor(deps, input.accountId, read.account, statement, read.statement.splits, input.buys);
    const chosen = statement.brokerAccount;
    return {
      format: statement.format,
      brokerAccount: chosen,
      groups: several && !chosen ? [] : [{ accountId: input.accountId, prepared }],
      accounts: read.accounts.map((a) => ({ ...a, accountId: a.brokerAccount === chosen ? input.accountId : null, skip: false })),
      remember: several && chosen ? { broker, entries: [{ brokerAccount: chosen, accountId: input.accountId }] } : null,
    };
  }
  // The chosen account names the broker the mapping is for: a statement of another format's broker is refused
  // even when every broker account is skipped, so no mapping is remembered under the wrong broker.
  const wrongBroker = brokerProblem(read.statement.format, read.account);
  if (wrongBroker) throw badRequest(wrongBroker);
  let mapping = input.mapping;
  if (mapping) checkMapping(fileAccounts, mapping, forApply);
  else {
    const stored = await accountMapsRepo(deps.db).remembered(userId, broker, fileAccounts);
    mapping = [...stored].map(([brokerAccount, accountId]) => ({ brokerAccount, accountId }));
  }
  const mapped = await mappedAccounts(deps, userId, broker, mapping, !input.mapping);
  const groups: ImportGroup[] = [];
  for (const [brokerAccount, to] of mapped)
    if (to) {
      const statement = rowsOf(read.statement, brokerAccount);
      groups.push({
        accountId: to.id,
        prepared: await prepareFor(deps, to.id, to.account, statement, read.statement.splits, input.buys),
      });
    }
  return {
    format: read.statement.format,
    brokerAccount: null,
    groups,
    accounts: read.accounts.map((a) => ({
      ...a,
      accountId: mapped.get(a.brokerAccount)?.id ?? null,
      skip: mapped.has(a.brokerAccount) && mapped.get(a.brokerAccount) === null,
    })),
    remember: forApply ? { broker, entries: mapping } : null,
  };
}
