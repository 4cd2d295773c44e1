-- Issue 25 §4 and §6, decision 032. The call and its evidence on the split itself: whether the filing
-- rounds up at the participant (broker) level, the deciding sentence, the filing's EDGAR acceptance
-- time and the issuer's CIK (matches its earlier splits). New nullable or defaulted columns: existing
-- rows read as before (not participant level, no evidence, no CIK).
ALTER TABLE "reverse_splits" ADD COLUMN IF NOT EXISTS "participant" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reverse_splits" ADD COLUMN IF NOT EXISTS "evidence" text;--> statement-breakpoint
ALTER TABLE "reverse_splits" ADD COLUMN IF NOT EXISTS "filed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reverse_splits" ADD COLUMN IF NOT EXISTS "cik" text;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reverse_splits_cik_idx" ON "reverse_splits" ("cik");--> statement-breakpoint
-- The pipeline: splits before they are dated (proposed, approved without a date, vote failed,
-- postponed, cancelled), one entry per issuer while undated. It leaves the pipeline when a dated
-- split of the same issuer is published (split_id set). A new table: nothing existing is rewritten.
CREATE TABLE IF NOT EXISTS "split_pipeline" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cik" text NOT NULL,
	"name" text NOT NULL,
	"ticker" text,
	"exchange" text,
	"stage" text NOT NULL,
	"ratio" integer,
	"ratio_min" integer,
	"ratio_max" integer,
	"rs_type" text DEFAULT 'Unconfirmed' NOT NULL,
	"participant" boolean DEFAULT false NOT NULL,
	"filing_url" text NOT NULL,
	"accepted_at" timestamp with time zone,
	"evidence" text,
	"proposal_id" uuid,
	"split_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "split_pipeline_split_fk" FOREIGN KEY ("split_id") REFERENCES "reverse_splits"("id") ON DELETE set null,
	CONSTRAINT "split_pipeline_stage_ck" CHECK ("stage" in ('proposed', 'approved', 'failed', 'postponed', 'cancelled')),
	CONSTRAINT "split_pipeline_rs_type_ck" CHECK ("rs_type" in ('Round Up', 'CIL', 'Unconfirmed', 'Dividend', 'Round Lot')),
	CONSTRAINT "split_pipeline_exchange_ck" CHECK ("exchange" is null or "exchange" in ('Nasdaq', 'NYSE', 'NYSE American', 'OTC'))
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "split_pipeline_cik_open_uq" ON "split_pipeline" ("cik") WHERE "split_id" IS NULL;
