ALTER TABLE "notification_events" ADD COLUMN "fanout_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_events" ADD COLUMN "fanout_cursor" uuid;--> statement-breakpoint
ALTER TABLE "notification_events" ADD COLUMN "pro_only_audience" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_events" ADD COLUMN "fanout_done_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notification_events_fanout_idx" ON "notification_events" USING btree ("fanout_pending","created_at");