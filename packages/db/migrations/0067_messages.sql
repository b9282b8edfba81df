-- Issue 66 (decision 0165): conversations with the practice, their messages and attachments, the database's
-- attachment store, and the practice's answer time. The new check on practices is added NOT VALID (its
-- column is all null) and validated in 0068.
CREATE TYPE "public"."attachment_kind" AS ENUM('photo', 'video');--> statement-breakpoint
CREATE TYPE "public"."attachment_scan_state" AS ENUM('pending', 'clean', 'infected', 'not_scanned');--> statement-breakpoint
CREATE TYPE "public"."conversation_status" AS ENUM('open', 'closed');--> statement-breakpoint
CREATE TYPE "public"."message_author" AS ENUM('client', 'practice');--> statement-breakpoint
CREATE TABLE "attachment_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"pms_ref" text,
	"conversation_id" integer NOT NULL,
	"author" "message_author" NOT NULL,
	"author_name" text,
	"body" text NOT NULL,
	"request_id" uuid,
	"suggested_reason_id" integer,
	"read_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_messages_request_uq" UNIQUE("conversation_id","request_id"),
	CONSTRAINT "conversation_messages_pms_ref_uq" UNIQUE("conversation_id","pms_ref"),
	CONSTRAINT "conversation_messages_author_ck" CHECK (case "conversation_messages"."author"
            when 'client' then "conversation_messages"."request_id" is not null and "conversation_messages"."pms_ref" is null
              and "conversation_messages"."author_name" is null and "conversation_messages"."suggested_reason_id" is null
            else "conversation_messages"."request_id" is null end),
	CONSTRAINT "conversation_messages_body_ck" CHECK (char_length("conversation_messages"."body") between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"pms_ref" text,
	"version" integer DEFAULT 1 NOT NULL,
	"practice_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"pet_id" integer,
	"status" "conversation_status" DEFAULT 'open' NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_pms_ref_unique" UNIQUE("pms_ref"),
	CONSTRAINT "conversations_closed_ck" CHECK (("conversations"."status" = 'closed') = ("conversations"."closed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "message_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"message_id" integer,
	"position" smallint,
	"kind" "attachment_kind" NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"scan_state" "attachment_scan_state" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_attachments_size_ck" CHECK ("message_attachments"."byte_size" > 0),
	CONSTRAINT "message_attachments_position_ck" CHECK (("message_attachments"."message_id" is null) = ("message_attachments"."position" is null))
);
--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "message_answer_hours" smallint;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_reason_fk" FOREIGN KEY ("suggested_reason_id") REFERENCES "public"."appointment_reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_message_id_conversation_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."conversation_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_messages_conversation_idx" ON "conversation_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "conversations_client_idx" ON "conversations" USING btree ("client_id","last_message_at");--> statement-breakpoint
CREATE INDEX "conversations_pet_idx" ON "conversations" USING btree ("pet_id");--> statement-breakpoint
CREATE INDEX "conversations_practice_idx" ON "conversations" USING btree ("practice_id","last_message_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_open_uq" ON "conversations" USING btree ("client_id","practice_id",coalesce("pet_id", 0)) WHERE "conversations"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "message_attachments_storage_key_uq" ON "message_attachments" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "message_attachments_message_idx" ON "message_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "message_attachments_unsent_idx" ON "message_attachments" USING btree ("client_id","created_at") WHERE "message_attachments"."message_id" is null;--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_message_answer_hours_ck" CHECK ("practices"."message_answer_hours" between 1 and 168) NOT VALID;