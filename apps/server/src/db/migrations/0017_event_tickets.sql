-- Issue 24 §4: event-stream tickets are opaque and single-use (the URL names neither the member nor the session).
CREATE TABLE IF NOT EXISTS "event_tickets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"session_id" uuid NOT NULL REFERENCES "sessions"("id") ON DELETE cascade,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "event_tickets_expires_idx" ON "event_tickets" USING btree ("expires_at");
