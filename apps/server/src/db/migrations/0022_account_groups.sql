-- Issue 26 §4: members name groups of their own accounts. An account leaves every group when it
-- is deleted (cascade); a member's group names are unique whatever their case.
CREATE TABLE IF NOT EXISTS "account_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "account_groups_user_name_uq" ON "account_groups" USING btree ("user_id", lower("name"));--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "account_group_members" (
	"group_id" uuid NOT NULL REFERENCES "account_groups"("id") ON DELETE cascade,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"position" integer NOT NULL,
	CONSTRAINT "account_group_members_group_id_account_id_pk" PRIMARY KEY ("group_id", "account_id")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "account_group_members_account_idx" ON "account_group_members" USING btree ("account_id");
