-- Issue 26 §5, decision 030: statement import. One row per broker-statement row imported into an
-- account, keyed by its fingerprint: the unique (account_id, fingerprint) makes a re-import change
-- nothing and lets two tabs applying the same file at once write it once (INSERT … ON CONFLICT DO
-- NOTHING). A row's trade is the account's one trade on its split. Additive: no existing row changes.
CREATE TABLE IF NOT EXISTS "import_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
	"split_id" uuid NOT NULL REFERENCES "reverse_splits"("id") ON DELETE CASCADE,
	"fingerprint" text NOT NULL,
	"format" text NOT NULL,
	"broker_account" text,
	"row" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_rows_account_fingerprint_uq" UNIQUE ("account_id", "fingerprint")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "import_rows_account_split_idx" ON "import_rows" ("account_id", "split_id");
