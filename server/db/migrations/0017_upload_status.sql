ALTER TABLE "uploads" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "duration_ms" integer;