-- Issue 26 §6, decision 031: the weekly reconciliation digest email, opt-in. Additive only: every
-- existing member starts with it off (an email nobody asked for is not sent).
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "notify_reconcile_digest" boolean DEFAULT false NOT NULL;
