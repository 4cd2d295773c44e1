-- Billing that agrees with Stripe (decision 040). A failed renewal is kept on its invoice: what it
-- asked for, when the payment failed and when Stripe retries; a paid invoice clears the failure.
-- New defaulted or nullable columns: existing invoices read as paid ones always have.
ALTER TABLE "invoices" ADD COLUMN IF NOT EXISTS "amount_due" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN IF NOT EXISTS "payment_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN IF NOT EXISTS "next_payment_attempt" timestamp with time zone;--> statement-breakpoint
-- What admins must look at: a payment for a price that is not ours, and each mismatch the daily
-- reconciliation could not fix. One row per problem (its key), seen again on later runs, resolved
-- when a run no longer finds it.
CREATE TABLE IF NOT EXISTS "billing_flags" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid REFERENCES "users"("id") ON DELETE CASCADE,
	"object_id" text,
	"price_id" text,
	"detail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "billing_flags_open_idx" ON "billing_flags" ("resolved_at", "last_seen_at");--> statement-breakpoint
-- One reconciliation a day across processes (the day is claimed by inserting its row).
CREATE TABLE IF NOT EXISTS "billing_reconciliations" (
	"day" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"checked" integer DEFAULT 0 NOT NULL,
	"fixed" integer DEFAULT 0 NOT NULL,
	"flagged" integer DEFAULT 0 NOT NULL,
	"error" text
);
