CREATE TABLE "event_cohost_invites" (
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"invited_by" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_in_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_cohost_invites" ADD CONSTRAINT "event_cohost_invites_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_cohost_invites" ADD CONSTRAINT "event_cohost_invites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_cohost_invites" ADD CONSTRAINT "event_cohost_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_cohost_invites_event_user" ON "event_cohost_invites" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "event_cohost_invites_user" ON "event_cohost_invites" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_cohost_invites_invited_by_created" ON "event_cohost_invites" USING btree ("invited_by","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_email_created" ON "sign_in_failures" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "event_invites_invited_by_created" ON "event_invites" USING btree ("invited_by","created_at");--> statement-breakpoint
-- Data written before the rules of issue 17 item 3 and 12. Organisers hold a place at their own published events
-- (where there is room) and are not "interested" in them.
WITH placed AS (
	INSERT INTO "event_attendees" ("event_id", "user_id", "status", "created_at", "status_at")
	SELECT e."id", e."user_id", 'going', e."created_at", e."created_at" FROM "events" e
	WHERE NOT e."is_draft" AND e."cancelled_at" IS NULL AND (e."capacity" IS NULL OR e."going_count" < e."capacity")
		AND NOT EXISTS (SELECT 1 FROM "event_attendees" a WHERE a."event_id" = e."id" AND a."user_id" = e."user_id")
	RETURNING "event_id"
)
UPDATE "events" SET "going_count" = "going_count" + 1 WHERE "id" IN (SELECT "event_id" FROM placed);--> statement-breakpoint
WITH gone AS (
	DELETE FROM "event_interests" i USING "events" e WHERE i."event_id" = e."id" AND i."user_id" = e."user_id" RETURNING i."event_id"
)
UPDATE "events" SET "interested_count" = greatest("interested_count" - 1, 0) WHERE "id" IN (SELECT "event_id" FROM gone);--> statement-breakpoint
-- A co-host named by an organiser they have no follow connection with was never asked: their place becomes an
-- invitation they may accept or decline.
WITH asked AS (
	DELETE FROM "event_cohosts" c USING "events" e
	WHERE c."event_id" = e."id" AND NOT EXISTS (
		SELECT 1 FROM "follows" f WHERE f."status" = 'accepted'
			AND ((f."follower_id" = c."user_id" AND f."followee_id" = e."user_id") OR (f."follower_id" = e."user_id" AND f."followee_id" = c."user_id"))
	)
	RETURNING c."event_id", c."user_id", e."user_id" AS "invited_by"
)
INSERT INTO "event_cohost_invites" ("event_id", "user_id", "invited_by") SELECT "event_id", "user_id", "invited_by" FROM asked;
