-- Decision 039: an unsubscribe link is spent once used. One row per link that was used (the link's
-- random id, never its token), so replaying the link after the member turned the setting back on
-- changes nothing. Links are not stored when sent: a row exists only for a link that was used.
CREATE TABLE IF NOT EXISTS "unsubscribe_uses" (
  "link_id" text PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "pref" text NOT NULL,
  "used_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- The seeded FAQ "Which brokers work best?" sent visitors to the Brokers page, which is for members (a
-- sign-in wall for a visitor). It now asks them to sign up; an answer an admin has edited is left alone.
UPDATE "faqs" SET "answer" = '<p>Look for brokers that return round-up shares quickly, charge no reorganisation fee and let you open several account types. Members compare brokers side by side, with ratings and typical share return times (community estimates, not broker promises): <a href="/register">Sign up free to compare brokers</a>.</p>'
  WHERE "question" = 'Which brokers work best?' AND "answer" = '<p>Look for brokers that return round-up shares quickly, charge no reorganisation fee and let you open several account types. See the <strong>Brokers</strong> page for ratings and typical share return times (community estimates, not broker promises).</p>';
