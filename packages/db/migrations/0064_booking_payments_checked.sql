-- 0063's constraints validated and its indexes on online_payments built without blocking writes
-- (decision 0125).
ALTER TABLE "appointments" VALIDATE CONSTRAINT "appointments_cancelled_by_ck";
--> statement-breakpoint
ALTER TABLE "soft_bookings" VALIDATE CONSTRAINT "soft_bookings_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "soft_bookings" VALIDATE CONSTRAINT "soft_bookings_pet_id_pets_id_fk";
--> statement-breakpoint
ALTER TABLE "soft_bookings" VALIDATE CONSTRAINT "soft_bookings_chosen_clinician_id_clinicians_id_fk";
--> statement-breakpoint
ALTER TABLE "soft_bookings" VALIDATE CONSTRAINT "soft_bookings_client_pet_ck";
--> statement-breakpoint
ALTER TABLE "online_payments" VALIDATE CONSTRAINT "online_payments_soft_booking_id_soft_bookings_id_fk";
--> statement-breakpoint
ALTER TABLE "online_payments" VALIDATE CONSTRAINT "online_payments_appointment_id_appointments_id_fk";
--> statement-breakpoint
ALTER TABLE "online_payments" VALIDATE CONSTRAINT "online_payments_booking_ck";
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "online_payments_appointment_idx" ON "online_payments" USING btree ("appointment_id");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "online_payments_booking_open_idx" ON "online_payments" USING btree ("id") WHERE "online_payments"."purpose" <> 'invoice' and "online_payments"."status" in ('paid', 'authorised', 'captured') and "online_payments"."booking_settled_at" is null;
