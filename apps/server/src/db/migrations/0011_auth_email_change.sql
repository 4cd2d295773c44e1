ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "pending_email" text;
--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN IF NOT EXISTS "email" text;
--> statement-breakpoint
UPDATE "email_tokens" AS t SET "email" = u."email" FROM "users" AS u WHERE u."id" = t."user_id" AND t."purpose" = 'verify' AND t."email" IS NULL;
