-- A filing's ratio that is not a whole number (1-for-4.3, every 7.5 shares) is kept exactly on the proposal:
-- the calendar's ratio stays whole (the admin enters it when accepting) and the exact ratio goes into the
-- split's notes. Nullable: a whole ratio lives in "ratio" as before.
ALTER TABLE "discovery_proposals" ADD COLUMN IF NOT EXISTS "ratio_exact" double precision;
