import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AccountIn, AnalyticsInput, SplitIn, TradeIn } from './rules';

type AccountTuple = [string, string, string | null, string, number | null];
type SplitTuple = [string, string, string, string];

const parseJson = <T>(v: unknown): T[] => (typeof v === 'string' ? (JSON.parse(v) as T[]) : ((v ?? []) as T[]));

export function analyticsRepo(db: Db) {
  return {
    /**
     * Everything the analytics of one member need, in one round trip. Trades travel as one
     * compact text (prices as numeric text, so no float touches them): 24,000 trades are one
     * value to decode instead of 24,000 rows, which matters most on embedded PGlite.
     */
    async inputFor(userId: string): Promise<Omit<AnalyticsInput, 'today'>> {
      const res = (await db.execute(sql`
        select
          (select string_agg(concat_ws(',', t.account_id, t.split_id, coalesce(t.buy_date::text, ''), coalesce(t.buy_price::text, ''),
                                       coalesce(t.sell_date::text, ''), coalesce(t.sell_price::text, '')), ';')
             from trades t where t.user_id = ${userId}) as trades,
          (select coalesce(json_agg(json_build_array(a.id, a.nickname, a.broker_id, a.broker, b.share_return_time)), '[]'::json)
             from accounts a left join brokers b on b.id = a.broker_id where a.user_id = ${userId}) as accounts,
          (select coalesce(json_agg(json_build_array(s.id, s.name, s.ticker, s.eff_date)), '[]'::json)
             from reverse_splits s where s.id in (select t.split_id from trades t where t.user_id = ${userId})) as splits
      `)) as unknown as { rows: { trades: string | null; accounts: unknown; splits: unknown }[] };
      const row = res.rows[0];
      const accounts: AccountIn[] = parseJson<AccountTuple>(row.accounts).map(([id, nickname, brokerId, broker, shareReturnTime]) => ({
        id,
        nickname,
        brokerId,
        broker,
        shareReturnTime,
      }));
      const splits: SplitIn[] = parseJson<SplitTuple>(row.splits).map(([id, name, ticker, effDate]) => ({ id, name, ticker, effDate }));
      // Dates arrive as ISO text (the app runs with PostgreSQL's default DateStyle, as Drizzle's date columns do).
      const trades: TradeIn[] = [];
      if (row.trades) {
        for (const line of row.trades.split(';')) {
          const f = line.split(',');
          trades.push({ accountId: f[0], splitId: f[1], buyDate: f[2] || null, buyPrice: f[3] || null, sellDate: f[4] || null, sellPrice: f[5] || null });
        }
      }
      return { trades, accounts, splits };
    },
  };
}
