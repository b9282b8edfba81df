CREATE TABLE "connector_cursors" (
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"cursor" text,
	"read_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	CONSTRAINT "connector_cursors_name_kind_pk" PRIMARY KEY("name","kind")
);
--> statement-breakpoint
CREATE TABLE "connector_refusals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"reasons" jsonb NOT NULL,
	"body" jsonb,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connector_refusals_record_uq" UNIQUE("name","direction","kind","ref"),
	CONSTRAINT "connector_refusals_direction_ck" CHECK ("connector_refusals"."direction" in ('read', 'write'))
);
--> statement-breakpoint
CREATE TABLE "connector_states" (
	"name" text PRIMARY KEY NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
