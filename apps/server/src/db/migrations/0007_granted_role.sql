ALTER TABLE "users" ADD COLUMN "granted_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_granted_role_ck" CHECK ("users"."granted_role" is null or "users"."granted_role" in ('Member', 'Pro'));--> statement-breakpoint
-- Members and Pros without any membership got their role by hand (an admin, or the demo seed).
UPDATE "users" u SET "granted_role" = u."role"
WHERE u."role" IN ('Member', 'Pro') AND NOT EXISTS (SELECT 1 FROM "memberships" m WHERE m."user_id" = u."id");
