ALTER TABLE "practice_events" ADD COLUMN "practice_id" integer;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "practice_refs" text[];--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "event_types" text[];