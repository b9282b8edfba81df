ALTER TABLE "connector_states" ADD COLUMN "last_good_pass_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connector_states" ADD COLUMN "failed_passes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "connector_states" ADD COLUMN "last_failure" text;--> statement-breakpoint
ALTER TABLE "connector_states" ADD COLUMN "last_failure_at" timestamp with time zone;