-- Issuer risk on a split (decision 045): what an admin recorded of an issuer's past clawbacks of
-- round-up shares (refused, reversed or litigated), each with the link that shows it. Matched to a
-- split by CIK, else by ticker or company name, like the issuer history.
CREATE TABLE IF NOT EXISTS "issuer_clawbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cik" text,
	"ticker" text,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"source" text NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issuer_clawbacks_kind_ck" CHECK ("kind" in ('refused', 'reversed', 'litigated'))
);--> statement-breakpoint
-- The deficiency watchlist: a minimum-bid-price notice (8-K Item 3.01) enters the pipeline at stage
-- `deficiency` with its notice date, compliance deadline and the rule cited; a later proxy or split
-- filing of the issuer moves the same entry on.
ALTER TABLE "split_pipeline" DROP CONSTRAINT IF EXISTS "split_pipeline_stage_ck";--> statement-breakpoint
ALTER TABLE "split_pipeline" ADD CONSTRAINT "split_pipeline_stage_ck" CHECK ("stage" in ('deficiency', 'proposed', 'approved', 'failed', 'postponed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "split_pipeline" ADD COLUMN IF NOT EXISTS "notice_date" date;--> statement-breakpoint
ALTER TABLE "split_pipeline" ADD COLUMN IF NOT EXISTS "compliance_deadline" date;--> statement-breakpoint
ALTER TABLE "split_pipeline" ADD COLUMN IF NOT EXISTS "deficiency_rule" text;--> statement-breakpoint
-- Members following a watchlist entry: one alert when a split is proposed (alerted_at set once).
CREATE TABLE IF NOT EXISTS "pipeline_follows" (
	"entry_id" uuid NOT NULL REFERENCES "split_pipeline"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"alerted_at" timestamp with time zone,
	CONSTRAINT "pipeline_follows_pk" PRIMARY KEY ("entry_id", "user_id")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pipeline_follows_user_idx" ON "pipeline_follows" USING btree ("user_id");
