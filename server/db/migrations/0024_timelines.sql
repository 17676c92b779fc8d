CREATE TABLE "timeline_entries" (
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"published_at" timestamp (3) with time zone NOT NULL,
	"feed_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	CONSTRAINT "timeline_entries_member_id_kind_published_at_feed_id_pk" PRIMARY KEY("member_id","kind","published_at","feed_id")
);
--> statement-breakpoint
CREATE TABLE "timelines" (
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"covers_from" timestamp (3) with time zone,
	"used_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "timelines_member_id_kind_pk" PRIMARY KEY("member_id","kind")
);
--> statement-breakpoint
ALTER TABLE "timeline_entries" ADD CONSTRAINT "timeline_entries_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_entries" ADD CONSTRAINT "timeline_entries_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timelines" ADD CONSTRAINT "timelines_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timeline_entries_feed" ON "timeline_entries" USING btree ("feed_id");