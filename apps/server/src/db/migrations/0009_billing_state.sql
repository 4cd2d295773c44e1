ALTER TABLE "memberships" ADD COLUMN "current_period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "superseded_reason" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "refund_due" integer;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "billing_notices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "billing_notices" ADD CONSTRAINT "billing_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_notices_user_idx" ON "billing_notices" USING btree ("user_id","created_at");
