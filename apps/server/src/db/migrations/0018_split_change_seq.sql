-- Issue 23 §4, decision 006: the live stream's event id is a number the database orders, not an
-- API process's clock. One row, bumped by every split write transaction as its last statement
-- (and sent as the NOTIFY payload). The bump's row lock makes concurrent split writes take their
-- numbers in commit order, and a bump that rolls back is never seen by anyone: the next commit
-- takes the same number. (A SEQUENCE would hand out numbers in call order, not commit order, and
-- keep the ones of rolled back transactions.)
CREATE TABLE IF NOT EXISTS "split_change_seq" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last_value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "split_change_seq_one_row_ck" CHECK ("one")
);--> statement-breakpoint
INSERT INTO "split_change_seq" ("one", "last_value") VALUES (true, 0) ON CONFLICT DO NOTHING;
