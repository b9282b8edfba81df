-- Deposits and card holds at booking (decision 0158). The new constraints on appointments, soft_bookings
-- and online_payments are added NOT VALID (their new columns are all null) and validated in 0064, with
-- the new indexes of online_payments built there without blocking writes (decision 0125).
CREATE TYPE "public"."booking_payment_audience" AS ENUM('everyone', 'new_clients', 'after_no_show');--> statement-breakpoint
CREATE TYPE "public"."booking_payment_kind" AS ENUM('deposit', 'card_hold');--> statement-breakpoint
CREATE TYPE "public"."refund_reason" AS ENUM('cancelled_in_time', 'cancelled_by_practice', 'time_not_kept');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
CREATE TABLE "booking_payment_policies" (
	"practice_id" integer NOT NULL,
	"reason_id" integer NOT NULL,
	"kind" "booking_payment_kind" NOT NULL,
	"amount_pence" integer NOT NULL,
	"applies_to" "booking_payment_audience" DEFAULT 'everyone' NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_payment_policies_practice_id_reason_id_pk" PRIMARY KEY("practice_id","reason_id"),
	CONSTRAINT "booking_payment_policies_amount_ck" CHECK ("booking_payment_policies"."amount_pence" between 30 and 100000),
	CONSTRAINT "booking_payment_policies_source_ck" CHECK ("booking_payment_policies"."source" in ('practice_system', 'operator'))
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"reason" "refund_reason" NOT NULL,
	"status" "refund_status" DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"succeeded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "payment_refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "payment_refunds_amount_ck" CHECK ("payment_refunds"."amount_pence" > 0)
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "soft_bookings" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "soft_bookings" ADD COLUMN "pet_id" integer;--> statement-breakpoint
ALTER TABLE "soft_bookings" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "soft_bookings" ADD COLUMN "chosen_clinician_id" integer;--> statement-breakpoint
ALTER TABLE "online_payments" ADD COLUMN "soft_booking_id" uuid;--> statement-breakpoint
ALTER TABLE "online_payments" ADD COLUMN "appointment_id" integer;--> statement-breakpoint
ALTER TABLE "online_payments" ADD COLUMN "refund_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "online_payments" ADD COLUMN "cutoff_minutes" integer;--> statement-breakpoint
ALTER TABLE "online_payments" ADD COLUMN "authorised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "online_payments" ADD COLUMN "booking_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_payment_policies" ADD CONSTRAINT "booking_payment_policies_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_payment_policies" ADD CONSTRAINT "booking_payment_policies_reason_id_appointment_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."appointment_reasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_online_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."online_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_due_idx" ON "payment_refunds" USING btree ("next_attempt_at") WHERE "payment_refunds"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payment_refunds_created_idx" ON "payment_refunds" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "soft_bookings" ADD CONSTRAINT "soft_bookings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "soft_bookings" ADD CONSTRAINT "soft_bookings_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "soft_bookings" ADD CONSTRAINT "soft_bookings_chosen_clinician_id_clinicians_id_fk" FOREIGN KEY ("chosen_clinician_id") REFERENCES "public"."clinicians"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_soft_booking_id_soft_bookings_id_fk" FOREIGN KEY ("soft_booking_id") REFERENCES "public"."soft_bookings"("id") ON DELETE set null ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cancelled_by_ck" CHECK ("appointments"."cancelled_by" in ('client', 'practice')) NOT VALID;--> statement-breakpoint
ALTER TABLE "soft_bookings" ADD CONSTRAINT "soft_bookings_client_pet_ck" CHECK (("soft_bookings"."client_id" is null) = ("soft_bookings"."pet_id" is null)) NOT VALID;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_booking_ck" CHECK ("online_payments"."purpose" = 'invoice' or ("online_payments"."refund_until" is not null and "online_payments"."cutoff_minutes" is not null)) NOT VALID;