-- Issue 26 §6, decision 031: the weekly reconciliation digest email, opt-in. Additive only: every
-- existing member starts with it off (an email nobody asked for is not sent).
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "notify_reconcile_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Issue 26's analytics budget (50,000 legs, p99 ≤ 50 ms): an open position carries its account and
-- split, so the summary orders a member's open positions (expected return date, ticker, nickname)
-- from this table, the member's accounts and the splits, and reads `trades` only for the 100 it
-- shows (before: one `trades` row per open position on every read, half the request's time).
ALTER TABLE "trade_open_positions" ADD COLUMN IF NOT EXISTS "account_id" uuid;--> statement-breakpoint
ALTER TABLE "trade_open_positions" ADD COLUMN IF NOT EXISTS "split_id" uuid;--> statement-breakpoint
UPDATE "trade_open_positions" o SET "account_id" = t."account_id", "split_id" = t."split_id" FROM "trades" t WHERE t."id" = o."trade_id";--> statement-breakpoint
ALTER TABLE "trade_open_positions" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_open_positions" ALTER COLUMN "split_id" SET NOT NULL;--> statement-breakpoint
-- 0021's trade_totals_apply, unchanged but for the open positions' last statement: it writes the
-- account and split too, and a trade that stays open while it moves to another account or split
-- (its old position −1, its new +1) takes the new ones.
CREATE OR REPLACE FUNCTION trade_totals_apply(old_rows trades[], new_rows trades[], old_eff date DEFAULT NULL, new_eff date DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(old_rows, 1), 0) + coalesce(array_length(new_rows, 1), 0) = 0 THEN
    RETURN;
  END IF;

  INSERT INTO trade_month_totals AS m (user_id, account_id, month, profit_ticks, trades)
    SELECT c.user_id, c.account_id, c.sale_month, sum(c.sign * c.profit_ticks), sum(c.sign)
    FROM trade_totals_delta(old_rows, new_rows, old_eff, new_eff) c WHERE c.closed
    GROUP BY 1, 2, 3 HAVING sum(c.sign * c.profit_ticks) <> 0 OR sum(c.sign) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (user_id, account_id, month)
    DO UPDATE SET profit_ticks = m.profit_ticks + excluded.profit_ticks, trades = m.trades + excluded.trades;
  DELETE FROM trade_month_totals m
    USING (SELECT DISTINCT c.user_id, c.account_id, c.sale_month FROM trade_totals_delta(old_rows, new_rows, old_eff, new_eff) c WHERE c.closed) k
    WHERE m.trades = 0 AND m.user_id = k.user_id AND m.account_id = k.account_id AND m.month = k.sale_month;

  INSERT INTO trade_split_totals AS s (user_id, split_id, profit_ticks, trades)
    SELECT c.user_id, c.split_id, sum(c.sign * c.profit_ticks), sum(c.sign)
    FROM trade_totals_delta(old_rows, new_rows, old_eff, new_eff) c WHERE c.closed
    GROUP BY 1, 2 HAVING sum(c.sign * c.profit_ticks) <> 0 OR sum(c.sign) <> 0 ORDER BY 1, 2
  ON CONFLICT (user_id, split_id)
    DO UPDATE SET profit_ticks = s.profit_ticks + excluded.profit_ticks, trades = s.trades + excluded.trades;
  DELETE FROM trade_split_totals s
    USING (SELECT DISTINCT c.user_id, c.split_id FROM trade_totals_delta(old_rows, new_rows, old_eff, new_eff) c WHERE c.closed) k
    WHERE s.trades = 0 AND s.user_id = k.user_id AND s.split_id = k.split_id;

  INSERT INTO trade_return_days AS r (user_id, account_id, days, trades)
    SELECT c.user_id, c.account_id, c.return_days, sum(c.sign)
    FROM trade_totals_delta(old_rows, new_rows, old_eff, new_eff) c WHERE c.return_days IS NOT NULL
    GROUP BY 1, 2, 3 HAVING sum(c.sign) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (user_id, account_id, days) DO UPDATE SET trades = r.trades + excluded.trades;
  DELETE FROM trade_return_days r
    USING (SELECT DISTINCT c.user_id, c.account_id, c.return_days FROM trade_totals_delta(old_rows, new_rows, old_eff, new_eff) c WHERE c.return_days IS NOT NULL) k
    WHERE r.trades = 0 AND r.user_id = k.user_id AND r.account_id = k.account_id AND r.days = k.return_days;

  INSERT INTO trade_member_totals AS u (user_id, trades, open_positions)
    SELECT c.user_id, sum(c.sign), coalesce(sum(c.sign) FILTER (WHERE c.is_open), 0)
    FROM trade_totals_delta(old_rows, new_rows, old_eff, new_eff) c
    GROUP BY 1 HAVING sum(c.sign) <> 0 OR coalesce(sum(c.sign) FILTER (WHERE c.is_open), 0) <> 0 ORDER BY 1
  ON CONFLICT (user_id)
    DO UPDATE SET trades = u.trades + excluded.trades, open_positions = u.open_positions + excluded.open_positions;
  DELETE FROM trade_member_totals u
    USING (SELECT DISTINCT c.user_id FROM trade_totals_delta(old_rows, new_rows, old_eff, new_eff) c) k
    WHERE u.trades = 0 AND u.user_id = k.user_id;

  -- The open positions (0021): a trade open after the write and not before is added, and the reverse.
  DELETE FROM trade_open_positions o
    USING (SELECT c.trade_id FROM trade_totals_delta(old_rows, new_rows, old_eff, new_eff) c WHERE c.is_open
           GROUP BY 1 HAVING sum(c.sign) < 0) k
    WHERE o.trade_id = k.trade_id;
  INSERT INTO trade_open_positions (trade_id, user_id, account_id, split_id)
    SELECT c.trade_id, c.user_id, c.account_id, c.split_id FROM trade_totals_delta(old_rows, new_rows, old_eff, new_eff) c WHERE c.is_open
    GROUP BY 1, 2, 3, 4 HAVING sum(c.sign) > 0 ORDER BY 1
  ON CONFLICT (trade_id) DO UPDATE SET account_id = excluded.account_id, split_id = excluded.split_id;
END $$;
