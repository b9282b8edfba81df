ALTER TABLE "connector_refusals" ADD COLUMN "retries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "connector_refusals" ADD COLUMN "retry_after" timestamp with time zone;