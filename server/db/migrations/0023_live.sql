CREATE TABLE "live_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"live_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "live_links_email_lower" CHECK ("live_links"."email" = lower("live_links"."email"))
);
--> statement-breakpoint
CREATE TABLE "live_points" (
	"live_id" integer NOT NULL,
	"t" bigint NOT NULL,
	"lng" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"ele" double precision,
	"hidden" boolean NOT NULL,
	"resumes" boolean DEFAULT false NOT NULL,
	CONSTRAINT "live_points_live_id_t_pk" PRIMARY KEY("live_id","t")
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"sport_id" integer NOT NULL,
	"audience" text NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"event_id" integer,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"expected_return_at" timestamp (3) with time zone,
	"silence_minutes" smallint NOT NULL,
	"last_seen_at" timestamp (3) with time zone NOT NULL,
	"check_sent_at" timestamp (3) with time zone,
	"check_reason" text,
	"alerted_at" timestamp (3) with time zone,
	"next_check_at" timestamp (3) with time zone,
	"overdue_alerted_at" timestamp (3) with time zone,
	"last_t" bigint,
	"last_lng" double precision,
	"last_lat" double precision,
	"distance_m" double precision DEFAULT 0 NOT NULL,
	"visible_t" bigint,
	"visible_lng" double precision,
	"visible_lat" double precision,
	"visible_distance_m" double precision DEFAULT 0 NOT NULL,
	"activity_id" integer
);
--> statement-breakpoint
CREATE TABLE "live_views" (
	"live_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seen_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "live_views_live_id_user_id_pk" PRIMARY KEY("live_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "live_watchers" (
	"live_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_contact" boolean NOT NULL,
	CONSTRAINT "live_watchers_live_id_user_id_pk" PRIMARY KEY("live_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "live_links" ADD CONSTRAINT "live_links_live_id_live_sessions_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_points" ADD CONSTRAINT "live_points_live_id_live_sessions_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_views" ADD CONSTRAINT "live_views_live_id_live_sessions_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_views" ADD CONSTRAINT "live_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_watchers" ADD CONSTRAINT "live_watchers_live_id_live_sessions_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_watchers" ADD CONSTRAINT "live_watchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_links_token" ON "live_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "live_links_live_email" ON "live_links" USING btree ("live_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "live_sessions_one_going" ON "live_sessions" USING btree ("user_id") WHERE "live_sessions"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "live_sessions_user_started" ON "live_sessions" USING btree ("user_id","started_at","id");--> statement-breakpoint
CREATE INDEX "live_sessions_going_event" ON "live_sessions" USING btree ("event_id") WHERE "live_sessions"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "live_watchers_user" ON "live_watchers" USING btree ("user_id");