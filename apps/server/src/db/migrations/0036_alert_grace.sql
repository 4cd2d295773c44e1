-- Alerts for a new or changed split are held for a short grace period (ALERT_GRACE_SECONDS, decision 038):
-- the event carries the time it may go out and the split it is about, so the worker leaves it alone until
-- then and a delete, edit or Undo within it removes it. Nullable: existing events go out as before.
ALTER TABLE "notification_events" ADD COLUMN IF NOT EXISTS "release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_events" ADD COLUMN IF NOT EXISTS "split_id" uuid;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notification_events_held_idx" ON "notification_events" USING btree ("split_id","release_at") WHERE "release_at" IS NOT NULL;
