-- Issue 25 §2, decision 022: a second source confirms each upcoming split. New tables only; no
-- existing row changes (lossless).
-- split_sightings: what each source (Nasdaq daily list, FINRA OTC daily list) lists for a split,
-- one row per split and source, updated as the source's list changes. `resolved_at` is an admin's
-- "keep the split's terms" for the values the row holds; a change of those values clears it.
CREATE TABLE IF NOT EXISTS "split_sightings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"split_id" uuid NOT NULL REFERENCES "reverse_splits"("id") ON DELETE CASCADE,
	"source" text NOT NULL,
	"symbol" text NOT NULL,
	"new_symbol" text,
	"cusip" text,
	"ratio" integer,
	"market_date" date,
	"url" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "split_sightings_source_ck" CHECK ("source" IN ('nasdaq', 'finra'))
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "split_sightings_split_source_uq" ON "split_sightings" ("split_id", "source");--> statement-breakpoint
-- confirmation_events: the history (sightings, conflicts, confirmations, admin resolutions). Never
-- deleted: no foreign key, so the history outlives a deleted split, and a trigger refuses DELETE.
-- `dedupe_key` makes each conflict and confirmation one event; `notified_at` marks the admins told.
CREATE TABLE IF NOT EXISTS "confirmation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"split_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"source" text,
	"ratio" integer,
	"market_date" date,
	"note" text,
	"actor_id" uuid,
	"dedupe_key" text,
	"notified_at" timestamp with time zone,
	CONSTRAINT "confirmation_events_kind_ck" CHECK ("kind" IN ('seen', 'conflict', 'confirmed', 'resolved'))
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "confirmation_events_dedupe_uq" ON "confirmation_events" ("dedupe_key");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "confirmation_events_split_idx" ON "confirmation_events" ("split_id", "at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION confirmation_events_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'confirmation history is kept: confirmation_events rows are never deleted';
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS confirmation_events_no_delete ON "confirmation_events";--> statement-breakpoint
CREATE TRIGGER confirmation_events_no_delete BEFORE DELETE ON "confirmation_events"
	FOR EACH ROW EXECUTE FUNCTION confirmation_events_keep();--> statement-breakpoint
-- confirmation_runs: one row per poll slot, so each slot runs once across processes.
CREATE TABLE IF NOT EXISTS "confirmation_runs" (
	"slot" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"entries" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"error" text
);
