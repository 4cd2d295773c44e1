-- Issue 26 §3: each broker's dated rules, edited by admins. Every column is new and empty for the
-- brokers already stored (no rule known), so nothing is lost.
ALTER TABLE "brokers" ADD COLUMN IF NOT EXISTS "minimum_order" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN IF NOT EXISTS "day_one_delivery" boolean;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN IF NOT EXISTS "round_up_status" text;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN IF NOT EXISTS "round_up_status_date" date;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN IF NOT EXISTS "round_up_status_source" text;--> statement-breakpoint
ALTER TABLE "brokers" ADD CONSTRAINT "brokers_round_up_status_ck" CHECK ("round_up_status" is null or "round_up_status" in ('honours', 'does_not_honour', 'blocks'));
