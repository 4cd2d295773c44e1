-- Per-member trade totals (decision 008), kept by the database on every write to `trades`.
-- The rules mirror `totalsFromTrades` in modules/analytics/rules.ts; analytics.int.test.ts
-- checks after a run of writes that the stored totals equal that function over the raw trades.

-- What each trade adds to the totals. `eff_override` replaces the split's effective date (used
-- when that date changes, to take out what the trades added under the old date).
CREATE FUNCTION trade_contributions(changed trades[], eff_override date)
RETURNS TABLE (user_id uuid, account_id uuid, split_id uuid, closed boolean, profit_ticks bigint, sale_month text, return_days integer, is_open boolean)
LANGUAGE sql STABLE AS $$
  SELECT t.user_id, t.account_id, t.split_id,
         t.buy_price IS NOT NULL AND t.sell_price IS NOT NULL,
         ((t.sell_price - t.buy_price) * 10000)::bigint,
         to_char(coalesce(t.sell_date, e.eff_date), 'YYYY-MM'),
         CASE WHEN t.sell_date >= e.eff_date THEN t.sell_date - e.eff_date END,
         (t.buy_price IS NOT NULL OR t.buy_date IS NOT NULL) AND t.sell_price IS NULL AND t.sell_date IS NULL
  FROM unnest(changed) t
  CROSS JOIN LATERAL (SELECT coalesce(eff_override, (SELECT s.eff_date FROM reverse_splits s WHERE s.id = t.split_id)) AS eff_date) e
$$;
--> statement-breakpoint
-- Adds (sign 1) or takes out (sign -1) the contributions of `changed`. Rows are written in key
-- order so concurrent writers lock them in the same order; rows that reach 0 trades go.
CREATE FUNCTION trade_totals_change(sign integer, changed trades[], eff_override date DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(changed, 1), 0) = 0 THEN
    RETURN;
  END IF;

  INSERT INTO trade_month_totals AS m (user_id, account_id, month, profit_ticks, trades)
    SELECT c.user_id, c.account_id, c.sale_month, sign * sum(c.profit_ticks), sign * count(*)
    FROM trade_contributions(changed, eff_override) c WHERE c.closed
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (user_id, account_id, month)
    DO UPDATE SET profit_ticks = m.profit_ticks + excluded.profit_ticks, trades = m.trades + excluded.trades;
  DELETE FROM trade_month_totals m
    USING trade_contributions(changed, eff_override) c
    WHERE c.closed AND m.trades = 0 AND m.user_id = c.user_id AND m.account_id = c.account_id AND m.month = c.sale_month;

  INSERT INTO trade_split_totals AS s (user_id, split_id, profit_ticks, trades)
    SELECT c.user_id, c.split_id, sign * sum(c.profit_ticks), sign * count(*)
    FROM trade_contributions(changed, eff_override) c WHERE c.closed
    GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (user_id, split_id)
    DO UPDATE SET profit_ticks = s.profit_ticks + excluded.profit_ticks, trades = s.trades + excluded.trades;
  DELETE FROM trade_split_totals s
    USING trade_contributions(changed, eff_override) c
    WHERE c.closed AND s.trades = 0 AND s.user_id = c.user_id AND s.split_id = c.split_id;

  INSERT INTO trade_return_days AS r (user_id, account_id, days, trades)
    SELECT c.user_id, c.account_id, c.return_days, sign * count(*)
    FROM trade_contributions(changed, eff_override) c WHERE c.return_days IS NOT NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (user_id, account_id, days) DO UPDATE SET trades = r.trades + excluded.trades;
  DELETE FROM trade_return_days r
    USING trade_contributions(changed, eff_override) c
    WHERE r.trades = 0 AND r.user_id = c.user_id AND r.account_id = c.account_id AND r.days = c.return_days;

  INSERT INTO trade_member_totals AS u (user_id, trades, open_positions)
    SELECT c.user_id, sign * count(*), sign * count(*) FILTER (WHERE c.is_open)
    FROM trade_contributions(changed, eff_override) c
    GROUP BY 1 ORDER BY 1
  ON CONFLICT (user_id)
    DO UPDATE SET trades = u.trades + excluded.trades, open_positions = u.open_positions + excluded.open_positions;
  DELETE FROM trade_member_totals u
    USING trade_contributions(changed, eff_override) c
    WHERE u.trades = 0 AND u.user_id = c.user_id;
END $$;
--> statement-breakpoint
CREATE FUNCTION trades_totals_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM trade_totals_change(-1, ARRAY(SELECT o::trades FROM old_rows o));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM trade_totals_change(1, ARRAY(SELECT n::trades FROM new_rows n));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trades_totals_insert AFTER INSERT ON trades
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trades_totals_trigger();
--> statement-breakpoint
CREATE TRIGGER trades_totals_update AFTER UPDATE ON trades
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trades_totals_trigger();
--> statement-breakpoint
CREATE TRIGGER trades_totals_delete AFTER DELETE ON trades
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trades_totals_trigger();
--> statement-breakpoint
-- A split's trades are deleted before the split itself, while its effective date can still be
-- read (the foreign key's cascade would run after the split row is gone).
CREATE FUNCTION reverse_splits_delete_trades() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM trades WHERE split_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER reverse_splits_delete_trades BEFORE DELETE ON reverse_splits
  FOR EACH ROW EXECUTE FUNCTION reverse_splits_delete_trades();
--> statement-breakpoint
-- A new effective date moves the split's undated sales to another month and changes every
-- measured return time.
CREATE FUNCTION reverse_splits_redate_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected trades[] := ARRAY(SELECT t FROM trades t WHERE t.split_id = NEW.id);
BEGIN
  PERFORM trade_totals_change(-1, affected, OLD.eff_date);
  PERFORM trade_totals_change(1, affected, NEW.eff_date);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reverse_splits_redate_totals AFTER UPDATE OF eff_date ON reverse_splits
  FOR EACH ROW WHEN (OLD.eff_date IS DISTINCT FROM NEW.eff_date) EXECUTE FUNCTION reverse_splits_redate_totals();
--> statement-breakpoint
-- Totals for the trades recorded before this migration.
SELECT trade_totals_change(1, ARRAY(SELECT t FROM trades t));
