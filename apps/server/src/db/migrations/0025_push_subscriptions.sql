-- Issue 25 §7, decision 026: web push, a fifth alert channel. One row per browser (device) a member
-- turned alerts on in: the push service's endpoint (unique: one browser subscription belongs to one
-- member) and the keys its messages are encrypted to (RFC 8291). A push service's 404/410 deletes the
-- row. Additive: no existing row changes; the delivery log's channel list gains 'push'.
CREATE TABLE IF NOT EXISTS "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE ("endpoint")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "push_subscriptions_user_idx" ON "push_subscriptions" ("user_id", "created_at");--> statement-breakpoint
ALTER TABLE "notification_deliveries" DROP CONSTRAINT IF EXISTS "notification_deliveries_channel_ck";--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_channel_ck" CHECK ("notification_deliveries"."channel" in ('email', 'sms', 'whatsapp', 'discord', 'push'));
