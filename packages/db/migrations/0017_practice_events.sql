-- The practice system's way out (decision 0067): events written with each change, numbered in commit order by
-- the sequencer (position), and their deliveries to each webhook endpoint, in order per record.
CREATE TABLE "practice_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"position" bigint,
	"type" text NOT NULL,
	"record_kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"data" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_events_position_unique" UNIQUE("position")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"endpoint_id" integer NOT NULL,
	"event_id" bigint NOT NULL,
	"position" bigint NOT NULL,
	"record_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_endpoint_id_event_id_pk" PRIMARY KEY("endpoint_id","event_id"),
	CONSTRAINT "webhook_deliveries_status_ck" CHECK ("webhook_deliveries"."status" in ('pending', 'delivered', 'parked'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_practice_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."practice_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_events_unsequenced_idx" ON "practice_events" USING btree ("id") WHERE "practice_events"."position" is null;--> statement-breakpoint
CREATE INDEX "practice_events_record_idx" ON "practice_events" USING btree ("record_kind","record_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_undelivered_idx" ON "webhook_deliveries" USING btree ("endpoint_id","record_key","position") WHERE "webhook_deliveries"."status" <> 'delivered';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';