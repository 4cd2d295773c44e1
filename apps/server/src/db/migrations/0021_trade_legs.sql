-- Issue 26 §1, §2: a trade is a set of legs (buys and sells of whole shares), and its outcome says
-- how many shares the split left (`shares_received`) and the cash paid for a fraction
-- (`cash_in_lieu_amount`). The legs live on the trade's own row (decision 023), so the statement
-- triggers of 0005 still see each trade, old and new, whole. The flat buy_* / sell_* columns stay:
-- they are the first buy leg and the last sell leg, kept so by `trades_legs_sync`.
ALTER TABLE "trades" ADD COLUMN IF NOT EXISTS "legs" jsonb;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN IF NOT EXISTS "shares_received" integer;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN IF NOT EXISTS "cash_in_lieu_amount" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_shares_received_ck" CHECK ("shares_received" IS NULL OR "shares_received" >= 0);--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_cash_in_lieu_ck" CHECK ("cash_in_lieu_amount" IS NULL OR "cash_in_lieu_amount" >= 0);--> statement-breakpoint
-- The one-share legs the flat fields stand for (what every trade recorded before legs is).
CREATE FUNCTION trade_flat_legs(buy_date date, buy_price numeric, sell_date date, sell_price numeric)
RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_agg(l ORDER BY o), '[]'::jsonb) FROM (
    SELECT 1 AS o, jsonb_build_object('side', 'buy', 'date', buy_date, 'quantity', 1, 'price', buy_price) AS l
     WHERE buy_date IS NOT NULL OR buy_price IS NOT NULL
    UNION ALL
    SELECT 2, jsonb_build_object('side', 'sell', 'date', sell_date, 'quantity', 1, 'price', sell_price)
     WHERE sell_date IS NOT NULL OR sell_price IS NOT NULL) x
$$;
--> statement-breakpoint
-- What a trade comes to: `tradeResult` in modules/analytics/rules.ts, written again here (the
-- integration tests hold the two equal). Kept shares are the buys less the sells dated before the
-- effective date; the split turns them into `shares_received` (1 when not said, 0 after cash in
-- lieu or nothing credited). Closed: nothing kept, or the later sells reach those shares. Profit:
-- Σ sells − Σ buys + cash in lieu in ticks, once closed with every leg priced.
CREATE FUNCTION trade_leg_facts(legs jsonb, eff date, outcome text, outcome_date date, shares_received integer, cash numeric)
RETURNS TABLE (bought boolean, closed boolean, profit_ticks bigint, sale_date date, return_days integer)
LANGUAGE sql IMMUTABLE AS $$
  SELECT f.buys > 0, f.closed,
         CASE WHEN f.closed AND f.unpriced = 0 THEN ((f.value + coalesce(cash, 0)) * 10000)::bigint END,
         CASE WHEN f.resolved AND f.kept > 0 AND f.last_sale IS NULL THEN coalesce(outcome_date, eff)
              WHEN f.resolved AND f.kept > 0 THEN greatest(f.last_sale, outcome_date)
              ELSE coalesce(f.last_sale, eff) END,
         f.return_days
  FROM (SELECT g.*, g.buys > 0 AND (g.kept <= 0 OR g.after >= coalesce(shares_received, CASE WHEN g.resolved THEN 0 ELSE 1 END)) AS closed
        FROM (SELECT count(*) FILTER (WHERE x->>'side' = 'buy') AS buys,
                     coalesce(sum((x->>'quantity')::bigint) FILTER (WHERE x->>'side' = 'buy'), 0)
                       - coalesce(sum((x->>'quantity')::bigint) FILTER (WHERE x->>'side' = 'sell' AND (x->>'date')::date < eff), 0) AS kept,
                     coalesce(sum((x->>'quantity')::bigint)
                       FILTER (WHERE x->>'side' = 'sell' AND ((x->>'date') IS NULL OR (x->>'date')::date >= eff)), 0) AS after,
                     count(*) FILTER (WHERE x->>'price' IS NULL) AS unpriced,
                     coalesce(sum(CASE WHEN x->>'side' = 'sell' THEN 1 ELSE -1 END * (x->>'quantity')::bigint * (x->>'price')::numeric), 0) AS value,
                     max(coalesce((x->>'date')::date, eff)) FILTER (WHERE x->>'side' = 'sell') AS last_sale,
                     min((x->>'date')::date - eff) FILTER (WHERE x->>'side' = 'sell' AND (x->>'date')::date >= eff) AS return_days,
                     outcome IN ('cash_in_lieu', 'no_credit') AS resolved
              FROM jsonb_array_elements(coalesce(legs, '[]'::jsonb)) x) g) f
$$;
--> statement-breakpoint
-- The open positions, one row a trade (analytics owns it; the triggers keep it): whether a trade is
-- open depends on its legs and its split's date, too costly to work out for each trade on a read.
CREATE TABLE IF NOT EXISTS "trade_open_positions" (
  "trade_id" uuid PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "trade_open_positions_user_idx" ON "trade_open_positions" USING btree ("user_id");--> statement-breakpoint
DROP FUNCTION trade_contributions(trades[], date);--> statement-breakpoint
CREATE FUNCTION trade_contributions(changed trades[], eff_override date)
RETURNS TABLE (user_id uuid, account_id uuid, split_id uuid, closed boolean, profit_ticks bigint, sale_month text, return_days integer, is_open boolean, trade_id uuid)
LANGUAGE sql STABLE AS $$
  SELECT t.user_id, t.account_id, t.split_id,
         f.profit_ticks IS NOT NULL,
         f.profit_ticks,
         to_char(f.sale_date, 'YYYY-MM'),
         f.return_days,
         f.bought AND NOT f.closed,
         t.id
  FROM unnest(changed) t
  CROSS JOIN LATERAL (SELECT coalesce(eff_override, (SELECT s.eff_date FROM reverse_splits s WHERE s.id = t.split_id)) AS eff_date) e
  CROSS JOIN LATERAL trade_leg_facts(coalesce(t.legs, trade_flat_legs(t.buy_date, t.buy_price, t.sell_date, t.sell_price)),
                                     e.eff_date, t.outcome, t.outcome_date, t.shares_received, t.cash_in_lieu_amount) f
$$;
--> statement-breakpoint
-- 0010's net change per write, with each contribution's trade (for the open positions).
DROP FUNCTION trade_totals_delta(trades[], trades[], date, date);--> statement-breakpoint
CREATE FUNCTION trade_totals_delta(old_rows trades[], new_rows trades[], old_eff date, new_eff date)
RETURNS TABLE (sign integer, user_id uuid, account_id uuid, split_id uuid, closed boolean, profit_ticks bigint, sale_month text, return_days integer, is_open boolean, trade_id uuid)
LANGUAGE sql STABLE AS $$
  SELECT -1, c.* FROM trade_contributions(old_rows, old_eff) c
  UNION ALL
  SELECT 1, c.* FROM trade_contributions(new_rows, new_eff) c
$$;
--> statement-breakpoint
-- 0010's trade_totals_apply, and the open positions.
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
  INSERT INTO trade_open_positions (trade_id, user_id)
    SELECT c.trade_id, c.user_id FROM trade_totals_delta(old_rows, new_rows, old_eff, new_eff) c WHERE c.is_open
    GROUP BY 1, 2 HAVING sum(c.sign) > 0 ORDER BY 1
  ON CONFLICT (trade_id) DO NOTHING;
END $$;
--> statement-breakpoint
--> statement-breakpoint
-- Every trade so far: its flat fields as one-share legs (lossless: the flat fields read them back).
UPDATE "trades" SET "legs" = trade_flat_legs("buy_date", "buy_price", "sell_date", "sell_price") WHERE "legs" IS NULL;--> statement-breakpoint
ALTER TABLE "trades" ALTER COLUMN "legs" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_legs_ck" CHECK (jsonb_typeof("legs") = 'array');--> statement-breakpoint
-- A row written with flat fields only (SQL in tests and benchmarks) gets them as legs; every row's
-- flat fields are its first buy leg and its last sell leg.
CREATE FUNCTION trades_legs_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  buy jsonb;
  sell jsonb;
BEGIN
  IF NEW.legs IS NULL THEN
    NEW.legs := trade_flat_legs(NEW.buy_date, NEW.buy_price, NEW.sell_date, NEW.sell_price);
  END IF;
  SELECT x INTO buy FROM jsonb_array_elements(NEW.legs) WITH ORDINALITY a(x, i) WHERE x->>'side' = 'buy' ORDER BY i LIMIT 1;
  SELECT x INTO sell FROM jsonb_array_elements(NEW.legs) WITH ORDINALITY a(x, i) WHERE x->>'side' = 'sell' ORDER BY i DESC LIMIT 1;
  NEW.buy_date := (buy->>'date')::date;
  NEW.buy_price := (buy->>'price')::numeric;
  NEW.sell_date := (sell->>'date')::date;
  NEW.sell_price := (sell->>'price')::numeric;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER trades_legs_sync BEFORE INSERT OR UPDATE ON trades FOR EACH ROW EXECUTE FUNCTION trades_legs_sync();
--> statement-breakpoint
-- Open positions are no longer "nothing sold" (the dance sells 99 of 100 on day one): the partial
-- index on the flat sell fields would answer wrongly, so it goes; trades_user_idx finds a member's.
DROP INDEX IF EXISTS "trades_open_idx";--> statement-breakpoint
-- The stored totals again, under the rule of legs (resolved trades are closed, issue 26 §2).
DELETE FROM trade_month_totals;--> statement-breakpoint
DELETE FROM trade_split_totals;--> statement-breakpoint
DELETE FROM trade_return_days;--> statement-breakpoint
DELETE FROM trade_member_totals;--> statement-breakpoint
DELETE FROM trade_open_positions;--> statement-breakpoint
SELECT trade_totals_change(1, ARRAY(SELECT t FROM trades t));
