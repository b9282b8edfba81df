CREATE TYPE "public"."earlier_time_offer_status" AS ENUM('Offered', 'Taken', 'Lapsed');--> statement-breakpoint
CREATE TYPE "public"."earlier_time_request_status" AS ENUM('Waiting', 'Offered', 'Taken', 'Ended');--> statement-breakpoint
CREATE TABLE "earlier_time_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" integer NOT NULL,
	"soft_booking_id" uuid NOT NULL,
	"clinician_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token_hash" text NOT NULL,
	"status" "earlier_time_offer_status" DEFAULT 'Offered' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "earlier_time_offers_soft_booking_id_unique" UNIQUE("soft_booking_id"),
	CONSTRAINT "earlier_time_offers_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "earlier_time_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"practice_id" integer NOT NULL,
	"latest_date" date NOT NULL,
	"status" "earlier_time_request_status" DEFAULT 'Waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "earlier_time_offers" ADD CONSTRAINT "earlier_time_offers_request_id_earlier_time_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."earlier_time_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earlier_time_offers" ADD CONSTRAINT "earlier_time_offers_soft_booking_id_soft_bookings_id_fk" FOREIGN KEY ("soft_booking_id") REFERENCES "public"."soft_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earlier_time_offers" ADD CONSTRAINT "earlier_time_offers_clinician_id_clinicians_id_fk" FOREIGN KEY ("clinician_id") REFERENCES "public"."clinicians"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earlier_time_requests" ADD CONSTRAINT "earlier_time_requests_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earlier_time_requests" ADD CONSTRAINT "earlier_time_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earlier_time_requests" ADD CONSTRAINT "earlier_time_requests_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "earlier_time_offers_live_idx" ON "earlier_time_offers" USING btree ("expires_at") WHERE "earlier_time_offers"."status" = 'Offered';--> statement-breakpoint
CREATE INDEX "earlier_time_offers_request_idx" ON "earlier_time_offers" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "earlier_time_requests_live_uq" ON "earlier_time_requests" USING btree ("appointment_id") WHERE "earlier_time_requests"."status" in ('Waiting', 'Offered');--> statement-breakpoint
CREATE INDEX "earlier_time_requests_line_idx" ON "earlier_time_requests" USING btree ("practice_id","created_at") WHERE "earlier_time_requests"."status" = 'Waiting';