-- Issue 25 §5, decision 025: a change of a split's terms (buy-by date, effective date, ratio,
-- rounding) made after the split was published is kept, one row per term, and shown to the
-- members who may see the split ("Ratio changed from 1-for-30 to 1-for-35 on Nov 26"). Rows are
-- only added: the history stays. A new table: nothing existing is rewritten.
CREATE TABLE IF NOT EXISTS "split_term_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"split_id" uuid NOT NULL,
	"field" text NOT NULL,
	"from_value" jsonb NOT NULL,
	"to_value" jsonb NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	CONSTRAINT "split_term_changes_split_fk" FOREIGN KEY ("split_id") REFERENCES "reverse_splits"("id") ON DELETE cascade,
	CONSTRAINT "split_term_changes_actor_fk" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE set null,
	CONSTRAINT "split_term_changes_field_ck" CHECK ("field" in ('buyDate', 'effDate', 'ratio', 'rsType'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "split_term_changes_split_idx" ON "split_term_changes" ("split_id", "changed_at", "id");
