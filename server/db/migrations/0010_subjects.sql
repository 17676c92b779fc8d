CREATE TABLE "comment_likes" (
	"comment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"parent_id" integer,
	"body" text NOT NULL,
	"hashtags" text[] DEFAULT '{}'::text[] NOT NULL,
	"mentions" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "reactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subjects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"owner_id" integer NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "subject_id" integer;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "subject_id" integer;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comment_likes_comment_user" ON "comment_likes" USING btree ("comment_id","user_id");--> statement-breakpoint
CREATE INDEX "comment_likes_user" ON "comment_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "comments_subject_parent_created_id" ON "comments" USING btree ("subject_id","parent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_parent_created_id" ON "comments" USING btree ("parent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_user" ON "comments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reactions_subject_user" ON "reactions" USING btree ("subject_id","user_id");--> statement-breakpoint
CREATE INDEX "reactions_subject_created_id" ON "reactions" USING btree ("subject_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reactions_user" ON "reactions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subjects_owner" ON "subjects" USING btree ("owner_id");--> statement-breakpoint
-- Issue 18: one subject model. Every post and every event gets its subject row, carrying the counts it kept itself;
-- then the reactions, comments and comment likes of both kinds move into the shared tables. Post comments keep their
-- ids; event comments (and their replies, likes and notifications) move up past the highest post comment id, so no two
-- comments share an id. Reaction ids are only a list's tie-breaker and are given anew.
UPDATE "feeds" SET "subject_id" = nextval(pg_get_serial_sequence('subjects', 'id'));--> statement-breakpoint
INSERT INTO "subjects" ("id", "kind", "owner_id", "like_count", "comment_count") OVERRIDING SYSTEM VALUE
	SELECT "subject_id", 'post', "user_id", "like_count", "comment_count" FROM "feeds";--> statement-breakpoint
UPDATE "events" SET "subject_id" = nextval(pg_get_serial_sequence('subjects', 'id'));--> statement-breakpoint
INSERT INTO "subjects" ("id", "kind", "owner_id", "like_count", "comment_count") OVERRIDING SYSTEM VALUE
	SELECT "subject_id", 'event', "user_id", "like_count", "comment_count" FROM "events";--> statement-breakpoint
ALTER TABLE "feeds" ALTER COLUMN "subject_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "subject_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_subject_id_unique" UNIQUE("subject_id");--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_subject_id_unique" UNIQUE("subject_id");--> statement-breakpoint
INSERT INTO "reactions" ("subject_id", "user_id", "code", "created_at")
	SELECT f."subject_id", r."user_id", r."code", r."created_at" FROM "feed_reactions" r JOIN "feeds" f ON f."id" = r."feed_id" ORDER BY r."id";--> statement-breakpoint
INSERT INTO "reactions" ("subject_id", "user_id", "code", "created_at")
	SELECT e."subject_id", r."user_id", r."code", r."created_at" FROM "event_reactions" r JOIN "events" e ON e."id" = r."event_id" ORDER BY r."id";--> statement-breakpoint
INSERT INTO "comments" ("id", "subject_id", "user_id", "parent_id", "body", "hashtags", "mentions", "like_count", "reply_count", "created_at", "edited_at") OVERRIDING SYSTEM VALUE
	SELECT c."id", f."subject_id", c."user_id", c."parent_id", c."body", c."hashtags", c."mentions", c."like_count", c."reply_count", c."created_at", c."edited_at"
	FROM "feed_comments" c JOIN "feeds" f ON f."id" = c."feed_id";--> statement-breakpoint
INSERT INTO "comments" ("id", "subject_id", "user_id", "parent_id", "body", "hashtags", "mentions", "like_count", "reply_count", "created_at", "edited_at") OVERRIDING SYSTEM VALUE
	SELECT c."id" + o."n", e."subject_id", c."user_id", c."parent_id" + o."n", c."body", c."hashtags", c."mentions", c."like_count", c."reply_count", c."created_at", c."edited_at"
	FROM "event_comments" c JOIN "events" e ON e."id" = c."event_id", (SELECT coalesce(max("id"), 0) AS "n" FROM "feed_comments") o;--> statement-breakpoint
INSERT INTO "comment_likes" ("comment_id", "user_id", "created_at") SELECT "comment_id", "user_id", "created_at" FROM "feed_comment_likes";--> statement-breakpoint
INSERT INTO "comment_likes" ("comment_id", "user_id", "created_at")
	SELECT l."comment_id" + o."n", l."user_id", l."created_at" FROM "event_comment_likes" l, (SELECT coalesce(max("id"), 0) AS "n" FROM "feed_comments") o;--> statement-breakpoint
UPDATE "notifications" SET "subject_id" = "subject_id" + (SELECT coalesce(max("id"), 0) FROM "feed_comments") WHERE "subject_type" = 'event_comment';--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('comments', 'id'), (SELECT coalesce(max("id"), 0) + 1 FROM "comments"), false);--> statement-breakpoint
DROP TABLE "event_comment_likes" CASCADE;--> statement-breakpoint
DROP TABLE "event_comments" CASCADE;--> statement-breakpoint
DROP TABLE "event_reactions" CASCADE;--> statement-breakpoint
DROP TABLE "feed_comment_likes" CASCADE;--> statement-breakpoint
DROP TABLE "feed_comments" CASCADE;--> statement-breakpoint
DROP TABLE "feed_reactions" CASCADE;--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "comment_count";--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "like_count";--> statement-breakpoint
ALTER TABLE "feeds" DROP COLUMN "comment_count";--> statement-breakpoint
ALTER TABLE "feeds" DROP COLUMN "like_count";