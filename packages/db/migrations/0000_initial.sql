CREATE TYPE "public"."appointment_status" AS ENUM('Booked', 'Cancelled', 'Completed', 'NoShow');--> statement-breakpoint
CREATE TYPE "public"."clinician_type" AS ENUM('Unknown', 'Vet', 'Nurse');--> statement-breakpoint
CREATE TYPE "public"."contact_channel" AS ENUM('email', 'sms', 'phone', 'post');--> statement-breakpoint
CREATE TYPE "public"."contact_purpose" AS ENUM('reminders', 'marketing');--> statement-breakpoint
CREATE TYPE "public"."outbox_status" AS ENUM('pending', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."pet_sex" AS ENUM('Male', 'Female');--> statement-breakpoint
CREATE TYPE "public"."pet_status" AS ENUM('Active', 'Deceased');--> statement-breakpoint
CREATE TYPE "public"."soft_booking_status" AS ENUM('Held', 'Replaced', 'Released', 'Converted', 'Expired');--> statement-breakpoint
CREATE TYPE "public"."species_code" AS ENUM('Custom', 'Canine', 'Feline', 'Bird', 'Rabbit', 'Fish', 'Rodent', 'Reptile', 'Ferret');--> statement-breakpoint
CREATE TYPE "public"."verification_mode" AS ENUM('signup', 'signin');--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"clinician_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"pet_id" integer NOT NULL,
	"reason_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" "appointment_status" DEFAULT 'Booked' NOT NULL,
	"notes" text,
	"cancellation_reason_id" integer,
	"cancelled_at" timestamp with time zone,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_client_idempotency_uq" UNIQUE("client_id","idempotency_key"),
	CONSTRAINT "appointments_time_order_ck" CHECK ("appointments"."ends_at" > "appointments"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "clinician_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinician_id" integer NOT NULL,
	"during" "tstzrange" NOT NULL,
	"appointment_id" integer,
	"soft_booking_id" uuid,
	"hold_expires_at" timestamp with time zone,
	CONSTRAINT "clinician_reservations_appointment_id_unique" UNIQUE("appointment_id"),
	CONSTRAINT "clinician_reservations_soft_booking_id_unique" UNIQUE("soft_booking_id"),
	CONSTRAINT "clinician_reservations_one_owner_ck" CHECK (("clinician_reservations"."appointment_id" is null) <> ("clinician_reservations"."soft_booking_id" is null)),
	CONSTRAINT "clinician_reservations_not_empty_ck" CHECK (not isempty("clinician_reservations"."during"))
);
--> statement-breakpoint
CREATE TABLE "soft_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practice_id" integer NOT NULL,
	"clinician_id" integer NOT NULL,
	"reason_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" "soft_booking_status" DEFAULT 'Held' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"pet_name" text NOT NULL,
	"species_id" integer NOT NULL,
	"replaces_id" uuid,
	"converted_appointment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "soft_bookings_time_order_ck" CHECK ("soft_bookings"."ends_at" > "soft_bookings"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"salutation_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"mobile_phone" text,
	"home_phone" text,
	"address_line1" text,
	"address_line2" text,
	"town" text,
	"county" text,
	"postcode" text,
	"home_practice_id" integer NOT NULL,
	"last_name_key" text NOT NULL,
	"postcode_key" text,
	"email_key" text,
	"identity_issuer" text,
	"identity_subject" text,
	"linked_at" timestamp with time zone,
	"contact_preferences_confirmed_at" timestamp with time zone,
	"online_booking_allowed" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_identity_uq" UNIQUE("identity_issuer","identity_subject")
);
--> statement-breakpoint
CREATE TABLE "contact_preferences" (
	"client_id" integer NOT NULL,
	"purpose" "contact_purpose" NOT NULL,
	"channel" "contact_channel" NOT NULL,
	"opted_in" boolean NOT NULL,
	CONSTRAINT "contact_preferences_client_id_purpose_channel_pk" PRIMARY KEY("client_id","purpose","channel")
);
--> statement-breakpoint
CREATE TABLE "pets" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"species_id" integer NOT NULL,
	"breed_id" integer,
	"colour_id" integer,
	"sex" "pet_sex" NOT NULL,
	"neutered" boolean DEFAULT false NOT NULL,
	"date_of_birth" date,
	"microchip_number" varchar(15),
	"insurer_id" integer,
	"policy_number" text,
	"awaiting_initial_consultation" boolean DEFAULT false NOT NULL,
	"status" "pet_status" DEFAULT 'Active' NOT NULL,
	"registered_online" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinician_rota_breaks" (
	"id" serial PRIMARY KEY NOT NULL,
	"shift_id" integer NOT NULL,
	"starts_at" time NOT NULL,
	"ends_at" time NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinician_rota_shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinician_id" integer NOT NULL,
	"day_of_week" smallint NOT NULL,
	"starts_at" time NOT NULL,
	"ends_at" time NOT NULL,
	"valid_from" date,
	"valid_to" date
);
--> statement-breakpoint
CREATE TABLE "clinicians" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"type" "clinician_type" DEFAULT 'Unknown' NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "closures" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"clinician_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"town" text NOT NULL,
	"county" text,
	"postcode" text NOT NULL,
	"postcode_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_reason_species" (
	"reason_id" integer NOT NULL,
	"species_id" integer NOT NULL,
	CONSTRAINT "appointment_reason_species_reason_id_species_id_pk" PRIMARY KEY("reason_id","species_id")
);
--> statement-breakpoint
CREATE TABLE "appointment_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"duration_minutes" smallint NOT NULL,
	"clinician_type" "clinician_type" NOT NULL,
	"is_initial_consultation" boolean DEFAULT false NOT NULL,
	"is_online" boolean DEFAULT true NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "appointment_reasons_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "breed_colours" (
	"breed_id" integer NOT NULL,
	"colour_id" integer NOT NULL,
	CONSTRAINT "breed_colours_breed_id_colour_id_pk" PRIMARY KEY("breed_id","colour_id")
);
--> statement-breakpoint
CREATE TABLE "breeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"species_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "breeds_species_name_uq" UNIQUE("species_id","name")
);
--> statement-breakpoint
CREATE TABLE "cancellation_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "cancellation_reasons_description_unique" UNIQUE("description")
);
--> statement-breakpoint
CREATE TABLE "colours" (
	"id" serial PRIMARY KEY NOT NULL,
	"species_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "colours_species_name_uq" UNIQUE("species_id","name")
);
--> statement-breakpoint
CREATE TABLE "insurers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "insurers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "salutations" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "salutations_description_unique" UNIQUE("description")
);
--> statement-breakpoint
CREATE TABLE "species" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" "species_code" NOT NULL,
	"name" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "species_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"practice_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"identity_issuer" text NOT NULL,
	"identity_subject" text NOT NULL,
	"code_hash" text NOT NULL,
	"mode" "verification_mode" NOT NULL,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"send_count" smallint DEFAULT 1 NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_feature_settings" (
	"practice_id" integer NOT NULL,
	"feature_key" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "practice_feature_settings_practice_id_feature_key_pk" PRIMARY KEY("practice_id","feature_key")
);
--> statement-breakpoint
CREATE TABLE "practice_opening_hours" (
	"practice_id" integer NOT NULL,
	"day_of_week" smallint NOT NULL,
	"opens_at" time NOT NULL,
	"closes_at" time NOT NULL,
	CONSTRAINT "practice_opening_hours_practice_id_day_of_week_pk" PRIMARY KEY("practice_id","day_of_week")
);
--> statement-breakpoint
CREATE TABLE "practices" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"town" text NOT NULL,
	"county" text,
	"postcode" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"time_zone" text DEFAULT 'Europe/London' NOT NULL,
	"is_online" boolean DEFAULT true NOT NULL,
	"online_registration_available" boolean DEFAULT true NOT NULL,
	"slot_grid_minutes" smallint DEFAULT 15 NOT NULL,
	"min_notice_minutes" integer DEFAULT 120 NOT NULL,
	"horizon_days" smallint DEFAULT 56 NOT NULL,
	"cancellation_cutoff_minutes" integer DEFAULT 120 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" "outbox_status" DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_clinician_id_clinicians_id_fk" FOREIGN KEY ("clinician_id") REFERENCES "public"."clinicians"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_reason_id_appointment_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."appointment_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cancellation_reason_id_cancellation_reasons_id_fk" FOREIGN KEY ("cancellation_reason_id") REFERENCES "public"."cancellation_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinician_reservations" ADD CONSTRAINT "clinician_reservations_clinician_id_clinicians_id_fk" FOREIGN KEY ("clinician_id") REFERENCES "public"."clinicians"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinician_reservations" ADD CONSTRAINT "clinician_reservations_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinician_reservations" ADD CONSTRAINT "clinician_reservations_soft_booking_id_soft_bookings_id_fk" FOREIGN KEY ("soft_booking_id") REFERENCES "public"."soft_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soft_bookings" ADD CONSTRAINT "soft_bookings_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soft_bookings" ADD CONSTRAINT "soft_bookings_clinician_id_clinicians_id_fk" FOREIGN KEY ("clinician_id") REFERENCES "public"."clinicians"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soft_bookings" ADD CONSTRAINT "soft_bookings_reason_id_appointment_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."appointment_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soft_bookings" ADD CONSTRAINT "soft_bookings_species_id_species_id_fk" FOREIGN KEY ("species_id") REFERENCES "public"."species"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soft_bookings" ADD CONSTRAINT "soft_bookings_converted_appointment_id_appointments_id_fk" FOREIGN KEY ("converted_appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_salutation_id_salutations_id_fk" FOREIGN KEY ("salutation_id") REFERENCES "public"."salutations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_home_practice_id_practices_id_fk" FOREIGN KEY ("home_practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_preferences" ADD CONSTRAINT "contact_preferences_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_species_id_species_id_fk" FOREIGN KEY ("species_id") REFERENCES "public"."species"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_breed_id_breeds_id_fk" FOREIGN KEY ("breed_id") REFERENCES "public"."breeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_colour_id_colours_id_fk" FOREIGN KEY ("colour_id") REFERENCES "public"."colours"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_insurer_id_insurers_id_fk" FOREIGN KEY ("insurer_id") REFERENCES "public"."insurers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinician_rota_breaks" ADD CONSTRAINT "clinician_rota_breaks_shift_id_clinician_rota_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."clinician_rota_shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinician_rota_shifts" ADD CONSTRAINT "clinician_rota_shifts_clinician_id_clinicians_id_fk" FOREIGN KEY ("clinician_id") REFERENCES "public"."clinicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinicians" ADD CONSTRAINT "clinicians_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_clinician_id_clinicians_id_fk" FOREIGN KEY ("clinician_id") REFERENCES "public"."clinicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_reason_species" ADD CONSTRAINT "appointment_reason_species_reason_id_appointment_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."appointment_reasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_reason_species" ADD CONSTRAINT "appointment_reason_species_species_id_species_id_fk" FOREIGN KEY ("species_id") REFERENCES "public"."species"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breed_colours" ADD CONSTRAINT "breed_colours_breed_id_breeds_id_fk" FOREIGN KEY ("breed_id") REFERENCES "public"."breeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breed_colours" ADD CONSTRAINT "breed_colours_colour_id_colours_id_fk" FOREIGN KEY ("colour_id") REFERENCES "public"."colours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breeds" ADD CONSTRAINT "breeds_species_id_species_id_fk" FOREIGN KEY ("species_id") REFERENCES "public"."species"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colours" ADD CONSTRAINT "colours_species_id_species_id_fk" FOREIGN KEY ("species_id") REFERENCES "public"."species"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_feature_settings" ADD CONSTRAINT "practice_feature_settings_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_opening_hours" ADD CONSTRAINT "practice_opening_hours_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_client_idx" ON "appointments" USING btree ("client_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_pet_idx" ON "appointments" USING btree ("pet_id");--> statement-breakpoint
CREATE INDEX "clients_last_name_key_idx" ON "clients" USING btree ("last_name_key");--> statement-breakpoint
CREATE INDEX "clients_email_key_idx" ON "clients" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "pets_client_idx" ON "pets" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "rota_shifts_clinician_idx" ON "clinician_rota_shifts" USING btree ("clinician_id");--> statement-breakpoint
CREATE INDEX "clinicians_practice_idx" ON "clinicians" USING btree ("practice_id");--> statement-breakpoint
CREATE INDEX "closures_practice_idx" ON "closures" USING btree ("practice_id","starts_at");--> statement-breakpoint
CREATE INDEX "addresses_postcode_key_idx" ON "addresses" USING btree ("postcode_key");--> statement-breakpoint
CREATE INDEX "reason_species_species_idx" ON "appointment_reason_species" USING btree ("species_id");--> statement-breakpoint
CREATE INDEX "verification_codes_identity_idx" ON "verification_codes" USING btree ("identity_issuer","identity_subject");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status","next_attempt_at");