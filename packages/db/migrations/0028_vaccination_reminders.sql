CREATE TABLE "vaccination_reminders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pet_id" integer NOT NULL,
	"vaccine" text NOT NULL,
	"due_on" date NOT NULL,
	"kind" text NOT NULL,
	"channel" "contact_channel" NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"skip_reason" text,
	"email_outbox_id" bigint,
	"sms_outbox_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	CONSTRAINT "vaccination_reminders_once_uq" UNIQUE("pet_id","vaccine","due_on","kind","channel"),
	CONSTRAINT "vaccination_reminders_status_ck" CHECK ("vaccination_reminders"."status" in ('queued', 'sent', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "vaccination_reminders" ADD CONSTRAINT "vaccination_reminders_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;