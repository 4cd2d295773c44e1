CREATE TABLE "trade_member_totals" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"trades" integer NOT NULL,
	"open_positions" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_month_totals" (
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"month" text NOT NULL,
	"profit_ticks" bigint NOT NULL,
	"trades" integer NOT NULL,
	CONSTRAINT "trade_month_totals_user_id_account_id_month_pk" PRIMARY KEY("user_id","account_id","month")
);
--> statement-breakpoint
CREATE TABLE "trade_return_days" (
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"days" integer NOT NULL,
	"trades" integer NOT NULL,
	CONSTRAINT "trade_return_days_user_id_account_id_days_pk" PRIMARY KEY("user_id","account_id","days")
);
--> statement-breakpoint
CREATE TABLE "trade_split_totals" (
	"user_id" uuid NOT NULL,
	"split_id" uuid NOT NULL,
	"profit_ticks" bigint NOT NULL,
	"trades" integer NOT NULL,
	CONSTRAINT "trade_split_totals_user_id_split_id_pk" PRIMARY KEY("user_id","split_id")
);
--> statement-breakpoint
CREATE INDEX "trades_open_idx" ON "trades" USING btree ("user_id") WHERE "trades"."sell_price" is null and "trades"."sell_date" is null;