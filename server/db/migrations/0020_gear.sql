CREATE TABLE "activity_gear" (
	"activity_id" integer NOT NULL,
	"gear_id" integer NOT NULL,
	CONSTRAINT "activity_gear_activity_id_gear_id_pk" PRIMARY KEY("activity_id","gear_id")
);
--> statement-breakpoint
CREATE TABLE "component_mounts" (
	"component_id" integer NOT NULL,
	"gear_id" integer NOT NULL,
	"from_at" timestamp (3) with time zone NOT NULL,
	"to_at" timestamp (3) with time zone,
	CONSTRAINT "component_mounts_component_id_from_at_pk" PRIMARY KEY("component_id","from_at")
);
--> statement-breakpoint
CREATE TABLE "component_services" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "component_services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"component_id" integer NOT NULL,
	"serviced_at" timestamp (3) with time zone NOT NULL,
	"what" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gear" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gear_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"sport_id" integer NOT NULL,
	"title" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"year" integer,
	"notes" text DEFAULT '' NOT NULL,
	"is_draft" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"retired_at" timestamp (3) with time zone,
	"wheel_size" text,
	"frame_size" text,
	"front_travel_mm" integer,
	"rear_travel_mm" integer,
	"build_kit" text,
	"motor" text,
	"battery_wh" integer,
	"category" text,
	"size" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gear_components" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gear_components_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"gear_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"installed_at" timestamp (3) with time zone NOT NULL,
	"service_interval_km" double precision,
	"service_interval_hours" double precision,
	"due_notified_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gear_images" (
	"gear_id" integer NOT NULL,
	"position" integer NOT NULL,
	"upload_key" text NOT NULL,
	"url" text NOT NULL,
	"thumbnail" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	CONSTRAINT "gear_images_gear_id_position_pk" PRIMARY KEY("gear_id","position")
);
--> statement-breakpoint
ALTER TABLE "activity_gear" ADD CONSTRAINT "activity_gear_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_gear" ADD CONSTRAINT "activity_gear_gear_id_gear_id_fk" FOREIGN KEY ("gear_id") REFERENCES "public"."gear"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_mounts" ADD CONSTRAINT "component_mounts_component_id_gear_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."gear_components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_mounts" ADD CONSTRAINT "component_mounts_gear_id_gear_id_fk" FOREIGN KEY ("gear_id") REFERENCES "public"."gear"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_services" ADD CONSTRAINT "component_services_component_id_gear_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."gear_components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear" ADD CONSTRAINT "gear_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_components" ADD CONSTRAINT "gear_components_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_components" ADD CONSTRAINT "gear_components_gear_id_gear_id_fk" FOREIGN KEY ("gear_id") REFERENCES "public"."gear"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_images" ADD CONSTRAINT "gear_images_gear_id_gear_id_fk" FOREIGN KEY ("gear_id") REFERENCES "public"."gear"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_gear_gear_activity" ON "activity_gear" USING btree ("gear_id","activity_id");--> statement-breakpoint
CREATE INDEX "component_mounts_gear" ON "component_mounts" USING btree ("gear_id");--> statement-breakpoint
CREATE INDEX "component_services_component_at" ON "component_services" USING btree ("component_id","serviced_at");--> statement-breakpoint
CREATE INDEX "gear_user_created_id" ON "gear" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "gear_one_default_per_sport" ON "gear" USING btree ("user_id","sport_id") WHERE "gear"."is_default";--> statement-breakpoint
CREATE INDEX "gear_components_gear" ON "gear_components" USING btree ("gear_id");--> statement-breakpoint
CREATE INDEX "gear_components_user" ON "gear_components" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gear_images_upload_key" ON "gear_images" USING btree ("upload_key");