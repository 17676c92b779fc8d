ALTER TABLE "feeds" ADD COLUMN "gear_id" integer;--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_gear_id_gear_id_fk" FOREIGN KEY ("gear_id") REFERENCES "public"."gear"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feeds_gear" ON "feeds" USING btree ("gear_id") WHERE "feeds"."gear_id" is not null;