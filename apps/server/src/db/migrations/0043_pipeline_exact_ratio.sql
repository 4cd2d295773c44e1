-- A proposal's ratio that is not a whole number (1-for-4.3) reaches the pipeline exactly: the entry's
-- whole ratio stays empty (members never read a rounded one) and the exact one is shown beside it.
-- Nullable: a whole ratio lives in "ratio" as before.
ALTER TABLE "split_pipeline" ADD COLUMN IF NOT EXISTS "ratio_exact" double precision;
