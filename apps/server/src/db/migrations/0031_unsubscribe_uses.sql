-- Decision 039: an unsubscribe link is spent once used. One row per link that was used (the link's
-- random id, never its token), so replaying the link after the member turned the setting back on
-- changes nothing. Links are not stored when sent: a row exists only for a link that was used.
CREATE TABLE IF NOT EXISTS "unsubscribe_uses" (
  "link_id" text PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "pref" text NOT NULL,
  "used_at" timestamp with time zone DEFAULT now() NOT NULL
);
