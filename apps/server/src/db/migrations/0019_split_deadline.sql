-- Issue 25 §3, decision 021: the deadline is a time, on the exchange's clock. Additive only: every
-- existing row keeps its data; the new columns start unknown (exchange null) or at the defaults
-- members had before (New York time, a buy reminder at the open).
ALTER TABLE "reverse_splits" ADD COLUMN IF NOT EXISTS "exchange" text;--> statement-breakpoint
ALTER TABLE "reverse_splits" DROP CONSTRAINT IF EXISTS "reverse_splits_exchange_ck";--> statement-breakpoint
ALTER TABLE "reverse_splits" ADD CONSTRAINT "reverse_splits_exchange_ck"
	CHECK ("exchange" is null or "exchange" in ('Nasdaq', 'NYSE', 'NYSE American', 'OTC'));--> statement-breakpoint
-- The listing a filing names, when it names one (discovery fills the split's exchange from it).
ALTER TABLE "discovery_proposals" ADD COLUMN IF NOT EXISTS "exchange" text;--> statement-breakpoint
-- The member's own time zone (IANA name) for deadlines shown beside New York time.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
-- Which buy-day reminders a member wants: at the open (what everyone got before, so on) and an
-- hour before the close (new, on as well: the deadline is the point of the reminder).
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "notify_buy_reminder_open" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "notify_buy_reminder_close" boolean DEFAULT true NOT NULL;
