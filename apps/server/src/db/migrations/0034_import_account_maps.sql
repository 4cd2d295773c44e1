-- Decision 042: which RoundUp account each broker account of a file of several (Fidelity's All Accounts
-- download) goes into, remembered per member, broker and the broker account's last 4 characters (never
-- the full number). A null account_id remembers "skip". Additive: no existing row changes.
CREATE TABLE IF NOT EXISTS "import_account_maps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"broker" text NOT NULL,
	"last4" text NOT NULL,
	"account_id" uuid REFERENCES "accounts"("id") ON DELETE CASCADE,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_account_maps_user_broker_last4_uq" UNIQUE ("user_id", "broker", "last4")
);
