-- Issue 12 §4, decision 010: concurrent writes never deadlock on, or drift, the stored analytics
-- totals (decision 008), and parallel adds never share an account position.

-- The net change of a write in ONE pass per totals table: the old rows' contributions (under
-- `old_eff` when given) taken out and the new rows' (under `new_eff`) added, grouped by key, keys
-- that do not change skipped, rows locked in key order, tables always in the same order. Every
-- writer therefore takes the totals rows it needs in one global order: no deadlock among them.
CREATE FUNCTION trade_totals_delta(old_rows trades[], new_rows trades[], old_eff date, new_eff date)
RETURNS TABLE (sign integer, user_id uuid, account_id uuid, split_id uuid, closed boolean, profit_ticks bigint, sale_month text, return_days integer, is_open boolean)
LANGUAGE sql STABLE AS $$
  SELECT -1, c.* FROM trade_contributions(old_rows, old_eff) c
  UNION ALL
  SELECT 1, c.* FROM trade_contributions(new_rows, new_eff) c
$$;
--> statement-breakpoint
CREATE FUNCTION trade_totals_apply(old_rows trades[], new_rows trades[], old_eff date DEFAULT NULL, new_eff date DEFAULT NULL)
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
END $$;
--> statement-breakpoint
-- Kept for callers of the 0005 signature: one side of a change.
CREATE OR REPLACE FUNCTION trade_totals_change(sign integer, changed trades[], eff_override date DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF sign < 0 THEN
    PERFORM trade_totals_apply(changed, '{}'::trades[], eff_override, NULL);
  ELSE
    PERFORM trade_totals_apply('{}'::trades[], changed, NULL, eff_override);
  END IF;
END $$;
--> statement-breakpoint
-- A trade write first takes a share lock on the splits it names, then counts their trades under
-- the effective date it then reads: it waits for an admin's re-date in progress to commit (and
-- a re-date waits for it), so the re-date and the write never count one trade under two dates.
CREATE OR REPLACE FUNCTION trades_totals_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_arr trades[] := '{}';
  new_arr trades[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    old_arr := ARRAY(SELECT o::trades FROM old_rows o);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    new_arr := ARRAY(SELECT n::trades FROM new_rows n);
  END IF;
  PERFORM 1 FROM reverse_splits s
    WHERE s.id IN (SELECT x.split_id FROM unnest(old_arr || new_arr) x)
    ORDER BY s.id FOR SHARE;
  PERFORM trade_totals_apply(old_arr, new_arr);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A new effective date: the split's trades move from the old date to the new one in one pass.
CREATE OR REPLACE FUNCTION reverse_splits_redate_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected trades[] := ARRAY(SELECT t FROM trades t WHERE t.split_id = NEW.id);
BEGIN
  PERFORM trade_totals_apply(affected, affected, OLD.eff_date, NEW.eff_date);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Accounts that parallel adds gave the same position: renumber each such member's accounts in
-- the order they are listed (position, then creation), then make a position unique per member.
-- Deferrable, so a reorder may swap positions within one statement.
UPDATE accounts a SET position = r.n
  FROM (SELECT id, (row_number() OVER (PARTITION BY user_id ORDER BY position, created_at, id) - 1)::int AS n
          FROM accounts
         WHERE user_id IN (SELECT user_id FROM accounts GROUP BY user_id, position HAVING count(*) > 1)) r
 WHERE a.id = r.id AND a.position <> r.n;
--> statement-breakpoint
ALTER TABLE accounts ADD CONSTRAINT accounts_user_position_uq UNIQUE (user_id, position) DEFERRABLE INITIALLY IMMEDIATE;
