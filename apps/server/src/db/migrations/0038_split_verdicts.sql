-- Two outcomes a broker or issuer may leave a round-up with: part of a share kept, or a share taken back.
-- Dropped and added again with the full list, so this runs the same whether or not an earlier migration added them.
ALTER TABLE "trades" DROP CONSTRAINT IF EXISTS "trades_outcome_ck";--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_outcome_ck" CHECK ("outcome" in ('pending', 'share_received', 'fraction_kept', 'cash_in_lieu', 'clawed_back', 'no_credit'));--> statement-breakpoint
-- A split's verdict at one broker (decision 044): raised once, when three distinct members recorded the
-- same outcome there. The unique key is what makes it once, whoever writes at the same time; a row is
-- never removed by an edit that takes the count below three (the news was sent).
CREATE TABLE IF NOT EXISTS "split_verdicts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"split_id" uuid NOT NULL,
	"broker_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"members" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	CONSTRAINT "split_verdicts_split_broker_outcome_uq" UNIQUE("split_id","broker_id","outcome"),
	CONSTRAINT "split_verdicts_outcome_ck" CHECK ("outcome" in ('share_received', 'fraction_kept', 'cash_in_lieu', 'clawed_back', 'no_credit'))
);--> statement-breakpoint
ALTER TABLE "split_verdicts" ADD CONSTRAINT "split_verdicts_split_id_reverse_splits_id_fk" FOREIGN KEY ("split_id") REFERENCES "public"."reverse_splits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_verdicts" ADD CONSTRAINT "split_verdicts_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Members hear a verdict at their broker unless they turn it off (on by default).
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "notify_verdicts" boolean DEFAULT true NOT NULL;
