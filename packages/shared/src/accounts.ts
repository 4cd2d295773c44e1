import { z } from 'zod';
import { uuidId } from './input';
import { ACCOUNT_TYPES } from './domain';
import { brokerRulesSchema } from './broker-rules';

/** Brokerage accounts (product.md#stored Account, product.md#api /api/accounts/*). */
export const NICKNAME_MAX = 50;

export const accountSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  brokerId: z.string().nullable(),
  /** The broker's name (product.md#stored Account.broker). */
  broker: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  nickname: z.string(),
  /** Trades recorded in this account (deleting the account deletes them). */
  tradeCount: z.number().int(),
  /** An inactive account keeps its history but is left out of bulk defaults and sell reminders. */
  active: z.boolean(),
  /** The broker's rules (minimum order, day-one delivery, round-up status); null without a broker. */
  brokerRules: brokerRulesSchema.nullable(),
});
export type Account = z.infer<typeof accountSchema>;

/** A broker the member may pick (from the broker list, not disabled). */
export const brokerOption = z.object({ _id: z.string(), name: z.string(), shareReturnTime: z.number().int() });
export type BrokerOption = z.infer<typeof brokerOption>;

export const idSchema = (what: string) => uuidId(`${what} is not a valid id`);

/** The fields a member edits. */
export const accountFields = z.object({
  brokerId: uuidId('Choose a broker from the list'),
  type: z.enum(ACCOUNT_TYPES, { error: `Type must be one of: ${ACCOUNT_TYPES.join(', ')}` }),
  nickname: z
    .string({ error: 'Nickname is required' })
    .trim()
    .min(1, 'Nickname is required')
    .max(NICKNAME_MAX, `Nickname must be at most ${NICKNAME_MAX} characters`),
});
export type AccountFields = z.infer<typeof accountFields>;

/** product.md#api names the payload `newAccount`; a flat body is accepted too. */
function unwrap(key: string) {
  return (body: unknown) =>
    body && typeof body === 'object' && key in body && typeof (body as Record<string, unknown>)[key] === 'object'
      ? (body as Record<string, unknown>)[key]
      : body;
}

export const addAccountRequest = z.preprocess(unwrap('newAccount'), accountFields);
export const editAccountRequest = z.preprocess(
  unwrap('newAccount'),
  accountFields.extend({
    _id: idSchema('Account'),
    /** Absent keeps the account as it is. */
    active: z.boolean({ error: 'active must be true or false' }).optional(),
  }),
);
export type EditAccountRequest = z.infer<typeof editAccountRequest>;
export const deleteAccountRequest = z.object({ id: idSchema('Account') });

/** Several accounts at one broker and of one type at once, named by the list. */
export const ADD_MANY_MAX = 50;
export const addAccountsRequest = z.object({
  brokerId: accountFields.shape.brokerId,
  type: accountFields.shape.type,
  nicknames: z
    .array(accountFields.shape.nickname, { error: 'nicknames must be a list of nicknames' })
    .min(1, 'Give at least one nickname')
    .max(ADD_MANY_MAX, `At most ${ADD_MANY_MAX} accounts at once`)
    .refine((list) => new Set(list.map((n) => n.toLowerCase())).size === list.length, 'A nickname is listed twice'),
});
export type AddAccountsRequest = z.infer<typeof addAccountsRequest>;

/**
 * `count` new nicknames "<base> 1", "<base> 2", … that none of `taken` uses (whatever the case),
 * for adding several accounts by number or copying one.
 */
export function nextNicknames(taken: readonly string[], base: string, count: number): string[] {
  const used = new Set(taken.map((n) => n.trim().toLowerCase()));
  const stem = base
    .trim()
    .slice(0, NICKNAME_MAX - 4)
    .replace(/\s+\d+$/, '');
  const out: string[] = [];
  for (let k = 1; out.length < count; k++) {
    const name = `${stem} ${k}`;
    if (!used.has(name.toLowerCase())) out.push(name);
  }
  return out;
}

/** `accounts`: the caller's account ids (or account objects) in the new order. */
export const reorderAccountsRequest = z.object({
  accounts: z
    .array(
      z.preprocess((v) => (v && typeof v === 'object' && '_id' in v ? (v as { _id: unknown })._id : v), idSchema('Account')),
      { error: 'accounts must be a list of account ids' },
    )
    .max(1000),
});
export type ReorderAccountsRequest = z.infer<typeof reorderAccountsRequest>;

export const accountsResponse = z.object({ accounts: z.array(accountSchema) });
export type AccountsResponse = z.infer<typeof accountsResponse>;
/** GET /api/accounts/mine: the accounts and the brokers the member may pick. */
export const myAccountsResponse = accountsResponse.extend({ brokers: z.array(brokerOption) });
export type MyAccountsResponse = z.infer<typeof myAccountsResponse>;

/**
 * Accounts grouped by broker, as every list of them shows them: brokers in the order of
 * the member's first account at each, and accounts in the member's own order within a broker.
 */
export function groupByBroker<T extends { broker: string }>(accounts: readonly T[]): { broker: string; accounts: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const a of accounts) {
    const list = groups.get(a.broker);
    if (list) list.push(a);
    else groups.set(a.broker, [a]);
  }
  return [...groups].map(([broker, list]) => ({ broker, accounts: list }));
}

/** The member's order with each broker's accounts together (the order `groupByBroker` shows). */
export function brokerGroupedOrder<T extends { broker: string }>(accounts: readonly T[]): T[] {
  return groupByBroker(accounts).flatMap((g) => g.accounts);
}
