-- Safe retries (decision 048): the first answer to a member's write sent with an Idempotency-Key, kept for a day.
-- The primary key (member, key) is what makes a retry racing the first attempt wait for it instead of writing
-- twice: the second insert of the same pair blocks until the first commits and then finds its row.
-- status is null while the first attempt is running.
CREATE TABLE IF NOT EXISTS "idempotency_keys" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" integer,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY ("user_id", "key")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");
