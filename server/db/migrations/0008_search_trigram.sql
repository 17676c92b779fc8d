-- Trigram indexes for the LIKE '%…%' searches of posts, members and events. pg_trgm ships with PostgreSQL (contrib);
-- PGlite loads it in server/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "events_search_trgm" ON "events" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "feeds_search_trgm" ON "feeds" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin ("search_text" gin_trgm_ops);