ALTER TABLE "soft_bookings" ADD COLUMN "extension_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "soft_bookings" ADD COLUMN "client_address_hash" text;--> statement-breakpoint
CREATE INDEX "soft_bookings_live_email_idx" ON "soft_bookings" USING btree ("email","expires_at") WHERE "soft_bookings"."status" = 'Held';--> statement-breakpoint
CREATE INDEX "soft_bookings_live_address_idx" ON "soft_bookings" USING btree ("client_address_hash","expires_at") WHERE "soft_bookings"."status" = 'Held';--> statement-breakpoint
CREATE INDEX "soft_bookings_held_expiry_idx" ON "soft_bookings" USING btree ("expires_at") WHERE "soft_bookings"."status" = 'Held';