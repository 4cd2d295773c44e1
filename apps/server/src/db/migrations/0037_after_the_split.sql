-- After the split (decision 043): two new outcomes, shares received as a fraction, the broker rules
-- that decide what a member gets back, and the rule of what a trade comes to under both.
--
-- `fraction_kept`: the broker credited part of a post-split share; `clawed_back`: a credited share
-- was taken back. The list is the shared TRADE_OUTCOMES.
ALTER TABLE "trades" DROP CONSTRAINT IF EXISTS "trades_outcome_ck";--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_outcome_ck" CHECK ("outcome" in ('pending', 'share_received', 'cash_in_lieu', 'no_credit', 'fraction_kept', 'clawed_back'));--> statement-breakpoint
-- A fraction the broker credits has up to six places (0.05 of a post-split share).
ALTER TABLE "trades" ALTER COLUMN "shares_received" TYPE numeric(20, 6);--> statement-breakpoint
-- Broker rules a member reads before buying: whether the broker hands back the fraction instead of
-- cash, what a new account may not buy yet, and the reorganisation fee it charges, in cents.
ALTER TABLE "brokers" ADD COLUMN IF NOT EXISTS "returns_fraction" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN IF NOT EXISTS "new_account_restriction" text;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN IF NOT EXISTS "reorg_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "brokers" ADD CONSTRAINT "brokers_reorg_fee_cents_ck" CHECK ("reorg_fee_cents" is null or "reorg_fee_cents" >= 0);--> statement-breakpoint
-- `tradeResult` in @roundup/shared/trade-result, written again here (the integration tests hold the two
-- equal). A leg's quantity may now be a fraction (the sale of a fraction kept), so each leg's value is
-- rounded to a whole tick, half away from zero, as the TypeScript rounds it; a clawed-back share is
-- resolved like cash in lieu: nothing is kept, and the buy less any cash is the loss on the outcome date.
DROP FUNCTION IF EXISTS trade_leg_facts(jsonb, date, text, date, integer, numeric);--> statement-breakpoint
CREATE FUNCTION trade_leg_facts(legs jsonb, eff date, outcome text, outcome_date date, shares_received numeric, cash numeric)
RETURNS TABLE (bought boolean, closed boolean, profit_ticks bigint, sale_date date, return_days integer)
LANGUAGE sql IMMUTABLE AS $$
  SELECT f.buys > 0, f.closed,
         CASE WHEN f.closed AND f.unpriced = 0 THEN (f.value + round(coalesce(cash, 0) * 10000))::bigint END,
         CASE WHEN f.resolved AND f.kept > 0 AND f.last_sale IS NULL THEN coalesce(outcome_date, eff)
              WHEN f.resolved AND f.kept > 0 THEN greatest(f.last_sale, outcome_date)
              ELSE coalesce(f.last_sale, eff) END,
         f.return_days
  FROM (SELECT g.*, g.buys > 0 AND (g.kept <= 0 OR g.after >= coalesce(shares_received, CASE WHEN g.resolved THEN 0 ELSE 1 END)) AS closed
        FROM (SELECT count(*) FILTER (WHERE x->>'side' = 'buy') AS buys,
                     coalesce(sum((x->>'quantity')::numeric) FILTER (WHERE x->>'side' = 'buy'), 0)
                       - coalesce(sum((x->>'quantity')::numeric) FILTER (WHERE x->>'side' = 'sell' AND (x->>'date')::date < eff), 0) AS kept,
                     coalesce(sum((x->>'quantity')::numeric)
                       FILTER (WHERE x->>'side' = 'sell' AND ((x->>'date') IS NULL OR (x->>'date')::date >= eff)), 0) AS after,
                     count(*) FILTER (WHERE x->>'price' IS NULL) AS unpriced,
                     coalesce(sum(round(CASE WHEN x->>'side' = 'sell' THEN 1 ELSE -1 END * (x->>'quantity')::numeric * (x->>'price')::numeric * 10000)), 0) AS value,
                     max(coalesce((x->>'date')::date, eff)) FILTER (WHERE x->>'side' = 'sell') AS last_sale,
                     min((x->>'date')::date - eff) FILTER (WHERE x->>'side' = 'sell' AND (x->>'date')::date >= eff) AS return_days,
                     outcome IN ('cash_in_lieu', 'no_credit', 'clawed_back') AS resolved
              FROM jsonb_array_elements(coalesce(legs, '[]'::jsonb)) x) g) f
$$;
--> statement-breakpoint
-- The stored totals again under the new rule (a clawed-back trade recorded before it would have read as open).
DELETE FROM trade_month_totals;--> statement-breakpoint
DELETE FROM trade_split_totals;--> statement-breakpoint
DELETE FROM trade_return_days;--> statement-breakpoint
DELETE FROM trade_member_totals;--> statement-breakpoint
DELETE FROM trade_open_positions;--> statement-breakpoint
SELECT trade_totals_change(1, ARRAY(SELECT t FROM trades t));
--> statement-breakpoint
-- The brokers known to hand back the fraction (the seed sets them on a fresh database too).
UPDATE "brokers" SET "returns_fraction" = true WHERE "name" IN ('Public', 'Robinhood', 'SoFi Invest');
