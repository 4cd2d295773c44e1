-- Decision 011: a split members have trades on is archived, not deleted. Archiving is an UPDATE
-- that leaves eff_date alone, so neither reverse_splits_delete_trades (BEFORE DELETE) nor
-- reverse_splits_redate_totals (AFTER UPDATE OF eff_date) fires: trades and stored totals stay.
ALTER TABLE "reverse_splits" ADD COLUMN IF NOT EXISTS "archived_at" timestamp with time zone;
