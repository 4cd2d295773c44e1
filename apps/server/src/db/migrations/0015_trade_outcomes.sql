-- Issue 14: what happened to each round-up (the share, cash, or nothing, and when), and accounts
-- a member no longer uses (kept with their history, left out of bulk defaults and reminders).
ALTER TABLE "trades" ADD COLUMN IF NOT EXISTS "outcome" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN IF NOT EXISTS "outcome_date" date;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_outcome_ck" CHECK ("outcome" in ('pending', 'share_received', 'cash_in_lieu', 'no_credit'));--> statement-breakpoint
-- Measured broker data reads recorded outcomes per broker.
CREATE INDEX IF NOT EXISTS "trades_outcome_idx" ON "trades" USING btree ("account_id") WHERE "outcome" <> 'pending';--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN IF NOT EXISTS "active" boolean DEFAULT true NOT NULL;
