CREATE TYPE "public"."appointment_source" AS ENUM('Online', 'Practice');--> statement-breakpoint
CREATE TABLE "vaccinations" (
	"id" serial PRIMARY KEY NOT NULL,
	"pms_ref" text NOT NULL,
	"pet_id" integer NOT NULL,
	"vaccine" text NOT NULL,
	"given_on" date NOT NULL,
	"due_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vaccinations_pms_ref_unique" UNIQUE("pms_ref"),
	CONSTRAINT "vaccinations_due_after_given_ck" CHECK ("vaccinations"."due_on" is null or "vaccinations"."due_on" >= "vaccinations"."given_on")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "pms_ref" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "source" "appointment_source" DEFAULT 'Online' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clinician_reservations" ADD COLUMN "practice_lane" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "pms_ref" text;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "pms_ref" text;--> statement-breakpoint
ALTER TABLE "clinician_rota_shifts" ADD COLUMN "pms_ref" text;--> statement-breakpoint
ALTER TABLE "clinicians" ADD COLUMN "pms_ref" text;--> statement-breakpoint
ALTER TABLE "closures" ADD COLUMN "pms_ref" text;--> statement-breakpoint
ALTER TABLE "appointment_reasons" ADD COLUMN "pms_ref" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "pms_ref" text;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vaccinations_pet_idx" ON "vaccinations" USING btree ("pet_id");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_pms_ref_unique" UNIQUE("pms_ref");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_pms_ref_unique" UNIQUE("pms_ref");--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_pms_ref_unique" UNIQUE("pms_ref");--> statement-breakpoint
ALTER TABLE "clinician_rota_shifts" ADD CONSTRAINT "clinician_rota_shifts_pms_ref_unique" UNIQUE("pms_ref");--> statement-breakpoint
ALTER TABLE "clinicians" ADD CONSTRAINT "clinicians_pms_ref_unique" UNIQUE("pms_ref");--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_pms_ref_unique" UNIQUE("pms_ref");--> statement-breakpoint
ALTER TABLE "appointment_reasons" ADD CONSTRAINT "appointment_reasons_pms_ref_unique" UNIQUE("pms_ref");--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_pms_ref_unique" UNIQUE("pms_ref");--> statement-breakpoint
-- Decision 0063: the practice's lane. A practice booking is a fact the portal stores even over an online
-- booking, so rows in the practice's lane may overlap each other; an online row (an online appointment or
-- a guest hold) may overlap nothing. Each practice-lane row gets a lane of its own (its id), every online
-- row the lane of everything, and the constraint forbids overlapping lanes too. The constraint is rebuilt
-- in this migration's transaction, so no moment is without it; hold_expires_at stays in the index for
-- the busy-time read's index-only scan (migration 0009).
ALTER TABLE "clinician_reservations" DROP CONSTRAINT "clinician_reservations_no_overlap_ex";
--> statement-breakpoint
ALTER TABLE "clinician_reservations"
  ADD CONSTRAINT "clinician_reservations_no_overlap_ex"
  EXCLUDE USING gist (
    "clinician_id" WITH =,
    "during" WITH &&,
    (CASE WHEN "practice_lane" THEN int8range("id", "id" + 1) ELSE int8range(0, NULL) END) WITH &&
  ) INCLUDE ("hold_expires_at");
--> statement-breakpoint
-- The same lanes for a pet's booked appointments: a practice booking or a flagged online appointment may
-- overlap another of the pet's practice bookings; two online bookings of one pet never overlap.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_pet_no_overlap_ex";
--> statement-breakpoint
ALTER TABLE "appointments"
  ADD CONSTRAINT "appointments_pet_no_overlap_ex"
  EXCLUDE USING gist (
    "pet_id" WITH =,
    tstzrange("starts_at", "ends_at") WITH &&,
    (CASE WHEN "source" = 'Practice' OR "flagged_at" IS NOT NULL THEN int8range("id", "id" + 1)
      ELSE int8range(0, NULL) END) WITH &&
  ) WHERE ("status" = 'Booked');
