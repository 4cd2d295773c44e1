import { sql } from 'drizzle-orm';
import type { TradeOutcome } from '@roundup/shared';
import type { Db } from '../../db/client';
import { accountsRelation } from '../accounts/queries';
import { brokersRelation } from '../brokers/queries';
import { splitsRelation } from '../splits/queries';
import { tradesRelation } from '../trades/queries';
import type { AccountIn, LegIn, OpenTrade, PartialTrade, SplitIn, TradeIn, TradeRecords, TradeTotals } from './rules';

type AccountTuple = [string, string, string | null, string, number | null, string];
type SplitTuple = [string, string, string, string, number];
type MonthTuple = [string, string, number, number];
type SplitTotalTuple = [string, string, string, string, number, number];
type ReturnTuple = [string, number, number];
type PartialTuple = [string, string, LegIn[], TradeOutcome, string | null, number | null, string, string, string, string, number];
type OpenTuple = [string, string | null, string | null, string, string, string, string, TradeOutcome, string | null];

/** Stored legs (jsonb text) with their prices as decimal text, as the rules read them. */
const legsFromJson = (text: string): LegIn[] =>
  (JSON.parse(text) as { side: 'buy' | 'sell'; date: string | null; quantity: number; price: number | null }[]).map((l) => ({
    side: l.side,
    date: l.date,
    quantity: l.quantity,
    price: l.price === null ? null : String(l.price),
  }));

const parseJson = <T>(v: unknown): T[] => (typeof v === 'string' ? (JSON.parse(v) as T[]) : ((v ?? []) as T[]));

/** The member's accounts with their broker's stated return time, as one JSON value. */
const accountsJson = (userId: string) => sql`
  (select coalesce(json_agg(json_build_array(a.id, a.nickname, a.broker_id, a.broker, b.share_return_time, a.type)), '[]'::json)
     from ${accountsRelation} a left join ${brokersRelation} b on b.id = a.broker_id where a.user_id = ${userId})`;

/**
 * The member's first `limit` open positions (bought, not closed: the table `trade_open_positions` the triggers keep, migration 0021) in the order of `openPositions`
 * in rules.ts — expected return date (unknown brokers last), ticker, nickname — as one JSON value. The order
 * comes from the positions' own account and split (migration 0027); `trades` is read for the `limit` shown only.
 */
/** The member's open trades that hold a sale (few: a dance's kept share not sold yet), with their splits. */
const partialsJson = (userId: string) => sql`
  (select coalesce(json_agg(json_build_array(t.account_id, t.split_id, t.legs, t.outcome, t.outcome_date, t.shares_received,
                                             s.id, s.name, s.ticker, s.eff_date, s.ratio)), '[]'::json)
     from trade_open_positions o
     join ${tradesRelation} t on t.id = o.trade_id
     join ${splitsRelation} s on s.id = t.split_id
    where o.user_id = ${userId} and jsonb_path_exists(t.legs, '$[*] ? (@.side == "sell")'))`;

const toPartials = (v: unknown): PartialTrade[] =>
  parseJson<PartialTuple>(v).map(
    ([accountId, splitId, legs, outcome, outcomeDate, sharesReceived, id, name, ticker, effDate, ratio]) => ({
      accountId,
      splitId,
      buyDate: null,
      buyPrice: null,
      sellDate: null,
      sellPrice: null,
      // Prices stay text, so no float touches them on the way to ticks.
      legs: legs.map((l) => ({ ...l, quantity: Number(l.quantity), price: l.price === null ? null : String(l.price) })),
      outcome,
      outcomeDate,
      sharesReceived,
      split: { id, name, ticker, effDate, ratio: Number(ratio) },
    }),
  );

const openJson = (userId: string, limit: number) => sql`
  (select coalesce(json_agg(json_build_array(t.account_id, t.buy_date, t.buy_price::text, o.split_id, o.name, o.ticker, o.eff_date, t.outcome, t.outcome_date)
                            order by o.due nulls last, o.ticker collate "C", o.nickname collate "C"), '[]'::json)
     from (select op.trade_id, s.id as split_id, s.name, s.ticker, s.eff_date, s.eff_date + b.share_return_time as due, a.nickname
             from trade_open_positions op
             join ${splitsRelation} s on s.id = op.split_id
             join ${accountsRelation} a on a.id = op.account_id
             left join ${brokersRelation} b on b.id = a.broker_id
            where op.user_id = ${userId}
            order by s.eff_date + b.share_return_time nulls last, s.ticker collate "C", a.nickname collate "C"
            limit ${limit}) o
     join ${tradesRelation} t on t.id = o.trade_id)`;

const toOpen = (v: unknown): OpenTrade[] =>
  parseJson<OpenTuple>(v).map(([accountId, buyDate, buyPrice, id, name, ticker, effDate, outcome, outcomeDate]) => ({
    accountId,
    buyDate,
    buyPrice,
    outcome,
    outcomeDate,
    split: { id, name, ticker, effDate },
  }));

const toAccounts = (v: unknown): AccountIn[] =>
  parseJson<AccountTuple>(v).map(([id, nickname, brokerId, broker, shareReturnTime, type]) => ({
    id,
    nickname,
    brokerId,
    broker,
    shareReturnTime,
    type,
  }));

/** The trades of `recordsFor`: one text, a record per trade (\x1e), a field per column (\x1f). */
function tradesFromText(text: string | null): TradeIn[] {
  // Dates arrive as ISO text (the app runs with PostgreSQL's default DateStyle, as Drizzle's date columns do).
  const trades: TradeIn[] = [];
  if (text) {
    for (const line of text.split('\x1e')) {
      const f = line.split('\x1f');
      trades.push({
        accountId: f[0],
        splitId: f[1],
        buyDate: f[2] || null,
        buyPrice: f[3] || null,
        sellDate: f[4] || null,
        sellPrice: f[5] || null,
        outcome: f[6] as TradeOutcome,
        outcomeDate: f[7] || null,
        legs: legsFromJson(f[8]),
        sharesReceived: f[9] ? Number(f[9]) : null,
        cashInLieu: f[10] || null,
      });
    }
  }
  return trades;
}

export function analyticsRepo(db: Db) {
  return {
    /**
     * The member's stored trade totals (kept by the database on every trade write, decision 008)
     * and their accounts, in one round trip: a few thousand small rows for 24,000 trades. Open
     * positions come in the order of `openPositions` in rules.ts, the first `openLimit` of them.
     */
    async totalsFor(
      userId: string,
      openLimit: number,
    ): Promise<TradeTotals & { accounts: AccountIn[]; partials: PartialTrade[] }> {
      const res = (await db.execute(sql`
        select
          (select coalesce(json_agg(json_build_array(m.account_id, m.month, m.profit_ticks, m.trades)), '[]'::json)
             from trade_month_totals m where m.user_id = ${userId}) as months,
          (select coalesce(json_agg(json_build_array(s.id, s.name, s.ticker, s.eff_date, st.profit_ticks, st.trades)), '[]'::json)
             from trade_split_totals st join ${splitsRelation} s on s.id = st.split_id where st.user_id = ${userId}) as splits,
          (select coalesce(json_agg(json_build_array(r.account_id, r.days, r.trades)), '[]'::json)
             from trade_return_days r where r.user_id = ${userId}) as returns,
          (select json_build_array(u.trades, u.open_positions) from trade_member_totals u where u.user_id = ${userId}) as counts,
          ${accountsJson(userId)} as accounts,
          ${openJson(userId, openLimit)} as open,
          ${partialsJson(userId)} as partials
      `)) as unknown as {
        rows: {
          months: unknown;
          splits: unknown;
          returns: unknown;
          counts: unknown;
          accounts: unknown;
          open: unknown;
          partials: unknown;
        }[];
      };
      const row = res.rows[0];
      const counts = (typeof row.counts === 'string' ? JSON.parse(row.counts) : row.counts) as [number, number] | null;
      return {
        accounts: toAccounts(row.accounts),
        months: parseJson<MonthTuple>(row.months).map(([accountId, month, ticks, trades]) => ({
          accountId,
          month,
          ticks,
          trades,
        })),
        splits: parseJson<SplitTotalTuple>(row.splits).map(([id, name, ticker, effDate, ticks, trades]) => ({
          id,
          name,
          ticker,
          effDate,
          ticks,
          trades,
        })),
        returnDays: parseJson<ReturnTuple>(row.returns).map(([accountId, days, trades]) => ({ accountId, days, trades })),
        open: toOpen(row.open),
        partials: toPartials(row.partials),
        openCount: counts?.[1] ?? 0,
        totalTrades: counts?.[0] ?? 0,
      };
    },

    /** Every open position of the member, with their accounts (the positions' brokers). */
    async openFor(userId: string): Promise<{ accounts: AccountIn[]; open: OpenTrade[] }> {
      const res = (await db.execute(
        sql`select ${accountsJson(userId)} as accounts, ${openJson(userId, Number.MAX_SAFE_INTEGER)} as open`,
      )) as unknown as {
        rows: { accounts: unknown; open: unknown }[];
      };
      return { accounts: toAccounts(res.rows[0].accounts), open: toOpen(res.rows[0].open) };
    },

    /**
     * The member's raw trades (for the tax export, and to check the stored totals), with their
     * accounts and the splits they name. Trades travel as one compact text (prices as numeric
     * text, so no float touches them).
     */
    async recordsFor(userId: string): Promise<TradeRecords> {
      const res = (await db.execute(sql`
        select
          (select string_agg(concat_ws(chr(31), t.account_id, t.split_id, coalesce(t.buy_date::text, ''), coalesce(t.buy_price::text, ''),
                                       coalesce(t.sell_date::text, ''), coalesce(t.sell_price::text, ''), t.outcome,
                                       coalesce(t.outcome_date::text, ''), t.legs::text, coalesce(t.shares_received::text, ''),
                                       coalesce(t.cash_in_lieu_amount::text, '')), chr(30))
             from ${tradesRelation} t where t.user_id = ${userId}) as trades,
          ${accountsJson(userId)} as accounts,
          (select coalesce(json_agg(json_build_array(s.id, s.name, s.ticker, s.eff_date, s.ratio)), '[]'::json)
             from ${splitsRelation} s where s.id in (select t.split_id from ${tradesRelation} t where t.user_id = ${userId})) as splits
      `)) as unknown as { rows: { trades: string | null; accounts: unknown; splits: unknown }[] };
      const row = res.rows[0];
      const splits: SplitIn[] = parseJson<SplitTuple>(row.splits).map(([id, name, ticker, effDate, ratio]) => ({
        id,
        name,
        ticker,
        effDate,
        ratio: Number(ratio),
      }));
      return { trades: tradesFromText(row.trades), accounts: toAccounts(row.accounts), splits };
    },
  };
}
