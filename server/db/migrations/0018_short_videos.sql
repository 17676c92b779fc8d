ALTER TABLE "feeds" ADD COLUMN "kind" text DEFAULT 'post' NOT NULL;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "visibility" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "video_key" text;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "video_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "publish_when_ready" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "feeds_short_published_id" ON "feeds" USING btree ("published_at","id") WHERE "feeds"."kind" = 'short';--> statement-breakpoint
CREATE INDEX "feeds_user_short_published_id" ON "feeds" USING btree ("user_id","published_at","id") WHERE "feeds"."kind" = 'short';--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_video_key_unique" UNIQUE("video_key");