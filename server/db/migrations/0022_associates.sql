CREATE TABLE "associate_audit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "associate_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"associate_id" integer NOT NULL,
	"actor_id" integer,
	"change" text NOT NULL,
	"permission" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "associates" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"independence_offered_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "associates_status_values" CHECK ("associates"."status" in (0, 1)),
	CONSTRAINT "associates_not_own" CHECK ("associates"."user_id" <> "associates"."owner_id")
);
--> statement-breakpoint
ALTER TABLE "associate_audit" ADD CONSTRAINT "associate_audit_associate_id_users_id_fk" FOREIGN KEY ("associate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "associate_audit" ADD CONSTRAINT "associate_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "associates" ADD CONSTRAINT "associates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "associates" ADD CONSTRAINT "associates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "associate_audit_associate_created" ON "associate_audit" USING btree ("associate_id","created_at","id");--> statement-breakpoint
CREATE INDEX "associates_owner_created" ON "associates" USING btree ("owner_id","created_at","user_id");