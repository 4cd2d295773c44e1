-- Split discovery from SEC EDGAR (issue 13, docs/discovery.md): found filings (the durable work
-- queue), their stored documents (gzipped, with SHA-256), proposals for admin review, poll slots.
CREATE TABLE IF NOT EXISTS "edgar_filings" (
	"accession" text PRIMARY KEY NOT NULL,
	"cik" text NOT NULL,
	"company" text NOT NULL,
	"form" text NOT NULL,
	"file_date" date NOT NULL,
	"primary_doc" text,
	"display_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"found_by" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"error" text,
	"accepted_at" timestamp with time zone,
	"discovered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "edgar_filings_status_ck" CHECK ("status" in ('queued', 'done', 'skipped', 'failed'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "edgar_filings_due_idx" ON "edgar_filings" USING btree ("status", "next_attempt_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "edgar_filings_cik_idx" ON "edgar_filings" USING btree ("cik", "file_date");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "edgar_documents" (
	"accession" text NOT NULL REFERENCES "edgar_filings"("accession") ON DELETE cascade,
	"filename" text NOT NULL,
	"type" text NOT NULL,
	"url" text NOT NULL,
	"sha256" text NOT NULL,
	"bytes" integer NOT NULL,
	"body_gz" bytea NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edgar_documents_accession_filename_pk" PRIMARY KEY ("accession", "filename")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "discovery_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"accession" text NOT NULL REFERENCES "edgar_filings"("accession") ON DELETE cascade,
	"cik" text NOT NULL,
	"company" text NOT NULL,
	"ticker" text,
	"form" text NOT NULL,
	"file_date" date NOT NULL,
	"ratio" integer,
	"ratio_min" integer,
	"ratio_max" integer,
	"market_date" date,
	"effective_date" date,
	"buy_by" date,
	"rounding" text NOT NULL,
	"stage" text,
	"historical" boolean DEFAULT false NOT NULL,
	"holders_of_record_only" boolean DEFAULT false NOT NULL,
	"confidence" real NOT NULL,
	"evidence" jsonb,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"previous_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"split_id" uuid REFERENCES "reverse_splits"("id") ON DELETE set null,
	"reviewed_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"reviewed_at" timestamp with time zone,
	"reject_reason" text,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discovery_proposals_status_ck" CHECK ("status" in ('open', 'accepted', 'rejected', 'superseded', 'historical')),
	CONSTRAINT "discovery_proposals_rounding_ck" CHECK ("rounding" in ('DISCRETIONARY', 'CASH_IN_LIEU', 'ROUND_UP_PARTICIPANT', 'ROUND_DOWN', 'NEAREST', 'ROUND_UP', 'UNSPECIFIED', 'NONE')),
	CONSTRAINT "discovery_proposals_ratio_ck" CHECK ("ratio" is null or "ratio" >= 2)
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "discovery_proposals_accession_uq" ON "discovery_proposals" USING btree ("accession");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "discovery_proposals_status_idx" ON "discovery_proposals" USING btree ("status", "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "discovery_proposals_cik_idx" ON "discovery_proposals" USING btree ("cik", "created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "discovery_runs" (
	"slot" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"searched_from" date,
	"searched_to" date,
	"found" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"proposals" integer DEFAULT 0 NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"error" text
);
