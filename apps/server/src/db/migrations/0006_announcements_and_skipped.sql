ALTER TABLE "communications" DROP CONSTRAINT "communications_type_ck";--> statement-breakpoint
ALTER TABLE "notification_deliveries" DROP CONSTRAINT "notification_deliveries_status_ck";--> statement-breakpoint
ALTER TABLE "communications" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "communications" ADD COLUMN "recipients" integer;--> statement-breakpoint
ALTER TABLE "communications" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_request_id_unique" UNIQUE("request_id");--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_type_ck" CHECK ("communications"."type" in ('sms', 'email', 'whatsapp', 'discord', 'general', 'newsletter'));--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_status_ck" CHECK ("notification_deliveries"."status" in ('queued', 'sending', 'sent', 'failed', 'skipped'));