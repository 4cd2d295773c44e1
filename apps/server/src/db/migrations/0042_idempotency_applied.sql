-- Safe retries (decision 048): a key's write and the fact that it committed are one transaction.
-- applied is set by the write's own transaction, just before its COMMIT, so a write that committed and then
-- answered 5xx (a lost connection, a timeout on a later read, a crash) keeps its claim: the retry is told the
-- write was applied instead of writing again. attempt names the request that holds the claim: a write of an
-- attempt whose claim was taken over (it outlived the stale limit) finds no row to mark and rolls back.
ALTER TABLE "idempotency_keys" ADD COLUMN IF NOT EXISTS "applied" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN IF NOT EXISTS "attempt" uuid;
