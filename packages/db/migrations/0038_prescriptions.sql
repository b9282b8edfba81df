CREATE TYPE "public"."medicine_category" AS ENUM('POM-V', 'POM-VPS', 'NFA-VPS', 'AVM-GSL');--> statement-breakpoint
CREATE TYPE "public"."prescription_request_status" AS ENUM('Requested', 'Approved', 'ReadyToCollect', 'PrescriptionIssued', 'Declined', 'ReviewNeeded');--> statement-breakpoint
CREATE TYPE "public"."supply_method" AS ENUM('collect', 'written');--> statement-breakpoint
CREATE TABLE "pet_medications" (
	"id" serial PRIMARY KEY NOT NULL,
	"pms_ref" text NOT NULL,
	"pet_id" integer NOT NULL,
	"medicine" text NOT NULL,
	"strength" text,
	"dose_instructions" text,
	"category" "medicine_category" DEFAULT 'POM-V' NOT NULL,
	"prescribed_on" date NOT NULL,
	"clinician_id" integer,
	"repeatable" boolean DEFAULT true NOT NULL,
	"repeats_left" smallint,
	"review_due" date,
	"max_quantity" smallint DEFAULT 1 NOT NULL,
	"unit" text DEFAULT 'pack' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pet_medications_pms_ref_unique" UNIQUE("pms_ref"),
	CONSTRAINT "pet_medications_repeats_ck" CHECK ("pet_medications"."repeats_left" is null or "pet_medications"."repeats_left" >= 0),
	CONSTRAINT "pet_medications_quantity_ck" CHECK ("pet_medications"."max_quantity" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "prescription_request_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"medication_id" integer,
	"medication_ref" text NOT NULL,
	"medicine" text NOT NULL,
	"strength" text,
	"quantity" smallint NOT NULL,
	"unit" text NOT NULL,
	CONSTRAINT "prescription_request_items_quantity_ck" CHECK ("prescription_request_items"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "prescription_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"pet_id" integer NOT NULL,
	"practice_id" integer NOT NULL,
	"supply" "supply_method" NOT NULL,
	"fee_pence" integer DEFAULT 0 NOT NULL,
	"note" text,
	"status" "prescription_request_status" DEFAULT 'Requested' NOT NULL,
	"answer_message" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prescription_requests_fee_ck" CHECK ("prescription_requests"."fee_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "prescription_review_months" smallint DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "written_prescription_fee_pence" integer DEFAULT 2100 NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "written_prescription_further_fee_pence" integer DEFAULT 1250 NOT NULL;--> statement-breakpoint
ALTER TABLE "pet_medications" ADD CONSTRAINT "pet_medications_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_medications" ADD CONSTRAINT "pet_medications_clinician_id_clinicians_id_fk" FOREIGN KEY ("clinician_id") REFERENCES "public"."clinicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_request_items" ADD CONSTRAINT "prescription_request_items_request_id_prescription_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."prescription_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_request_items" ADD CONSTRAINT "prescription_request_items_medication_id_pet_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."pet_medications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_requests" ADD CONSTRAINT "prescription_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_requests" ADD CONSTRAINT "prescription_requests_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_requests" ADD CONSTRAINT "prescription_requests_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pet_medications_pet_idx" ON "pet_medications" USING btree ("pet_id");--> statement-breakpoint
CREATE INDEX "prescription_request_items_request_idx" ON "prescription_request_items" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "prescription_requests_client_idx" ON "prescription_requests" USING btree ("client_id","created_at");--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_prescription_review_ck" CHECK ("practices"."prescription_review_months" between 1 and 36);--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_written_prescription_fee_ck" CHECK ("practices"."written_prescription_fee_pence" between 0 and 2100
        and "practices"."written_prescription_further_fee_pence" between 0 and 1250);